import type { TMfaSetup } from '@laurel/contract';
import { useEffect, useRef, useState } from 'react';
import { useEnableMfa, useStartMfaSetup } from '@/features/account-security/api';
import { TwoFactorEnrolment } from '@/features/account-security/components/two-factor-enrolment';
import { TwoFactorModal } from '@/features/account-security/components/two-factor-modal';

type TProps = { opened: boolean; onClose: () => void };

/** Turning two-factor on from the console: a new secret when the dialog opens, confirmed with a code. */
export const SetUpTwoFactorDialog = ({ opened, onClose }: TProps) => {
  const start = useStartMfaSetup();
  const enable = useEnableMfa();
  const [setup, setSetup] = useState<TMfaSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const { mutate: startSetup } = start;
  // The caller's close changes with every render; only opening starts a new secret.
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  // One secret per opening, also when effects run twice (StrictMode): a second one would replace the first.
  const started = useRef(false);

  useEffect(() => {
    if (!opened) {
      started.current = false;
      return;
    }
    if (started.current) return;
    started.current = true;
    setSetup(null);
    setCodes(null);
    startSetup(undefined, { onSuccess: setSetup, onError: () => closeRef.current() });
  }, [opened, startSetup]);

  return (
    <TwoFactorModal
      opened={opened}
      onClose={onClose}
      title="Set up two-factor sign-in"
      showingCodes={codes !== null}
    >
      <TwoFactorEnrolment
        setup={setup}
        confirming={enable.isPending}
        onConfirm={(code) => enable.mutate(code, { onSuccess: setCodes })}
        recoveryCodes={codes}
        finishLabel="Done"
        onFinish={onClose}
      />
    </TwoFactorModal>
  );
};
