import { openCallbackSide } from './callback-side.js';
import type { RunPlan } from './run-plan.js';
import { openServiceSide } from './service-side.js';
import type { OpenedSide, Surroundings } from './side.js';
import { openTrafficSide } from './traffic-side.js';

/** Opens the side the plan's target names: a target (live, recorded or repeated), an app's callback, or traffic. */
export function openSide(plan: RunPlan, around: Surroundings): Promise<OpenedSide> {
  const { target } = plan;
  switch (target.kind) {
    case 'callback':
      return openCallbackSide(plan, target);
    case 'traffic':
      return openTrafficSide(plan, target, around.env);
    default:
      return openServiceSide(plan, target, around);
  }
}
