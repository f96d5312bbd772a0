import { Activity, LogIn, Zap } from 'lucide-react';
import type { ReactNode } from 'react';
import { Logo } from '@/components/layout/logo';
import { buttonClasses } from '@/components/ui/button';
import { LANDING_META } from '@/config/paths';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { loginHref } from '@/lib/auth-urls';

/**
 * The page for visitors who are not signed in (docs/screens.md#landing): logo, one Login / Sign Up
 * button, the tagline and a note about the free identity-provider account. `returnTo` is the path
 * the visitor asked for; the sign-in flow brings them back there.
 */
export function LandingPage({ returnTo }: { returnTo?: string }) {
  useDocumentMeta(LANDING_META);
  return (
    <div className="relative isolate flex flex-1 flex-col overflow-hidden">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(60rem_30rem_at_50%_-10%,color-mix(in_oklch,var(--color-primary)_22%,transparent),transparent_70%)]"
      />
      <div
        aria-hidden="true"
        className="absolute inset-x-0 bottom-0 -z-10 h-64 bg-[radial-gradient(40rem_16rem_at_50%_120%,color-mix(in_oklch,var(--color-confidence-2)_16%,transparent),transparent_70%)]"
      />

      <div className="mx-auto flex w-full max-w-5xl flex-1 flex-col items-center justify-center px-6 py-16 text-center sm:py-24">
        <Logo size="lg" />

        <h1 className="mt-10 max-w-3xl text-3xl font-extrabold tracking-tight text-balance sm:text-5xl">
          Make your weekly NFL picks with confidence rankings and power picks
        </h1>

        <a href={loginHref(returnTo)} className={buttonClasses({ size: 'lg', className: 'mt-10 w-full max-w-xs shadow-md sm:w-auto' })}>
          <LogIn aria-hidden="true" />
          Login / Sign Up
        </a>

        <p className="mt-5 max-w-md text-sm text-muted-foreground text-pretty">
          New to PowerPool? You need a free account with our sign-in provider. You can create one during sign-up with your e-mail address or an account you
          already have.
        </p>

        <ul className="mt-14 grid w-full max-w-4xl gap-4 text-left sm:grid-cols-3">
          <Feature
            icon={
              <span className="flex gap-1" aria-hidden="true">
                <Chip className="bg-confidence-3 text-confidence-3-foreground">3</Chip>
                <Chip className="bg-confidence-2 text-confidence-2-foreground">2</Chip>
                <Chip className="bg-confidence-1 text-confidence-1-foreground">1</Chip>
              </span>
            }
            title="Confidence picks"
            text="Pick three winners each week and rank them worth 3, 2 and 1 points."
          />
          <Feature
            icon={
              <span className="flex size-7 items-center justify-center rounded-md bg-primary text-primary-foreground">
                <Zap className="size-4" aria-hidden="true" />
              </span>
            }
            title="Power pick"
            text="Add an optional fourth game: right doubles your points, wrong voids them."
          />
          <Feature
            icon={
              <span className="flex size-7 items-center justify-center rounded-md bg-success text-white">
                <Activity className="size-4" aria-hidden="true" />
              </span>
            }
            title="Live leaderboards"
            text="Follow the week as games are played and see where the season stands."
          />
        </ul>
      </div>

      <footer className="py-6 text-center text-xs text-muted-foreground">PowerPool · Weekly NFL Power Pool</footer>
    </div>
  );
}

function Chip({ className, children }: { className: string; children: ReactNode }) {
  return <span className={`flex size-7 items-center justify-center rounded-md text-sm font-bold ${className}`}>{children}</span>;
}

function Feature({ icon, title, text }: { icon: ReactNode; title: string; text: string }) {
  return (
    <li className="rounded-xl border bg-card/70 p-5 shadow-sm backdrop-blur">
      {icon}
      <h2 className="mt-3 font-semibold">{title}</h2>
      <p className="mt-1 text-sm text-muted-foreground">{text}</p>
    </li>
  );
}
