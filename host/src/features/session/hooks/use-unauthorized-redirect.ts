import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { setUnauthorizedHandler } from '@pricewatch/shared/api';

/** Spec §8 "401 on any call: remove the token and go to /login" — inside the router, no page reload. */
export function useUnauthorizedRedirect(): void {
  const navigate = useNavigate();
  useEffect(() => {
    setUnauthorizedHandler(() => navigate('/login', { replace: true }));
    return () => setUnauthorizedHandler();
  }, [navigate]);
}
