import { useCanGoBack, useNavigate, useRouter } from '@tanstack/react-router';

/** "Go back" for dialogs and result pages; someone who arrived by a direct link goes to the home page instead. */
export function useGoBack(): () => void {
  const router = useRouter();
  const canGoBack = useCanGoBack();
  const navigate = useNavigate();
  return () => {
    if (canGoBack) router.history.back();
    else void navigate({ to: '/' });
  };
}
