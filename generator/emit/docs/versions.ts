/**
 * A method's place in the package's releases, for its docs section: the version it appeared in and the
 * versions that changed it (from the release record), or that no release has it yet.
 */
import type { MethodModel } from '../../model/index.js';
import type { ReleasesModel } from '../../model/releases.js';

export class MethodVersions {
  private readonly view: ReleasesModel;

  constructor(view: ReleasesModel) {
    this.view = view;
  }

  /** `**Since:** 0.1.0 · **Changed in:** 0.2.0, 0.4.0`, or `**Not yet released** (due in 0.3.0)`. */
  of(method: MethodModel): string {
    if (!this.view.released.has(method.name)) return `**Not yet released** (due in ${this.view.next})`;
    const h = this.view.history.get(method.name) ?? { since: this.view.first, changed: [] };
    return `**Since:** ${h.since}${h.changed.length ? ` · **Changed in:** ${h.changed.join(', ')}` : ''}`;
  }
}
