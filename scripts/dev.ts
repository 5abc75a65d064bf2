// Development: the API with reload on change (port 3000) and Vite's dev server with hot reload
// (port 5173, /api proxied to the API). Open http://localhost:5173/vuelos/
import { spawn } from 'node:child_process';

const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'src/server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, SERVE_WEB: '0', PORT: process.env.PORT ?? '3000' },
  }),
  spawn('npx', ['vite', '--port', '5173'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((child) => child.on('exit', (code) => code && stop()));
