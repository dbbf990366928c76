import { consolePaths, SEGMENT_MESSAGES } from '@laurel/contract';
import { BackNavButton } from '@/ui/nav-button';

export const BackToSegments = () => (
  <BackNavButton to={consolePaths.segments}>{SEGMENT_MESSAGES.backToSegments}</BackNavButton>
);
