import { runHost } from '../../host/hostMain';

export function hostCommand(): void {
  runHost();
}
