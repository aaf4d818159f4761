// The app's pages beyond the scenario editor. Each feature registers one
// entry here; App renders them as tabs sharing the current scenario. A view
// takes its props' types from ../shared/view-props, never from this list.
import type { ViewDef } from '../shared/view-props';
import { FlashView } from '../flash/FlashView';
import { SweepsView } from '../sweeps/SweepsView';
import { OptimiserView } from '../optimiser/OptimiserView';
import { ReproduceView } from '../reproduce/ReproduceView';
import { LogsView } from '../logs/LogsView';
import { ClassView } from '../class/ClassView';
import { isClassFragment } from '../state/link';
import { HttpView } from '../http/HttpView';
import { BlockView } from '../block/BlockView';

export const extraViews: ViewDef[] = [
  { id: 'sweeps', title: 'Sweeps & figures', Component: SweepsView },
  { id: 'optimiser', title: 'Optimiser', Component: OptimiserView },
  { id: 'flash', title: 'Flash endurance', Component: FlashView },
  { id: 'http', title: 'HTTP streaming', Component: HttpView },
  { id: 'block', title: 'Block caches', Component: BlockView },
  { id: 'reproduce', title: 'Study claims', Component: ReproduceView },
  { id: 'logs', title: 'Logs', Component: LogsView },
  { id: 'class', title: 'Class', Component: ClassView, ownsFragment: isClassFragment },
];

/** The tab to show first: the view whose link the URL holds, else the editor. */
export function initialView(hash: string): string {
  return extraViews.find((v) => v.ownsFragment?.(hash))?.id ?? 'scenario';
}
