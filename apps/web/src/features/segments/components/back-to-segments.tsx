import { consolePaths, SEGMENT_MESSAGES } from '@laurel/contract';
import { BackButton } from '@/ui/editor-page';

export const BackToSegments = () => (
  <BackButton to={consolePaths.segments}>{SEGMENT_MESSAGES.backToSegments}</BackButton>
);
