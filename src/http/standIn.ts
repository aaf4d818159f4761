// Whether a scenario is a scaled stand-in of a bigger server, by its name.

/** A scaled stand-in names its scale in its name ("… (1:256 stand-in)", the core's presets); null for a full-size scenario. */
export function standInScale(name: string): number | null {
  const m = /\b1:(\d+) stand-in\b/.exec(name);
  return m ? Number(m[1]) : null;
}
