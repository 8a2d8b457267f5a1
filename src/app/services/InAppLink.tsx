import { useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';

/** A link that moves inside the app without a page load (offline, nothing is fetched again). */
export function InAppLink({ href, children, className }: { href: string; children: ReactNode; className?: string }) {
  const navigate = useNavigate();
  return (
    <a
      href={href}
      className={className}
      onClick={(event) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        void navigate({ href });
      }}
    >
      {children}
    </a>
  );
}
