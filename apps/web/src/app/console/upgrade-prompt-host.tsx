import type { TClientPlan } from '@laurel/contract';
import { useEffect, useState } from 'react';
import { lazyComponent, MountWhen } from '@/ui/lazy-component';
import { registerUpgradePromptHost } from '@/ui/upgrade-prompt';

// With the billing query and portal it needs: none of it is in the console's first load.
const UpgradePrompt = lazyComponent(() => import('@/app/console/upgrade-prompt'), 'UpgradePrompt');

type TUpgradePromptHostProps = { clientId: string; plan: TClientPlan | undefined };

/** The console's one upgrade prompt (spec 1 §2.3), opened by `openUpgradePrompt()` from anywhere in the console. */
export const UpgradePromptHost = ({ clientId, plan }: TUpgradePromptHostProps) => {
  const [opened, setOpened] = useState(false);
  useEffect(() => registerUpgradePromptHost(() => setOpened(true)), []);
  return (
    <MountWhen when={opened}>
      <UpgradePrompt clientId={clientId} plan={plan} opened={opened} onClose={() => setOpened(false)} />
    </MountWhen>
  );
};
