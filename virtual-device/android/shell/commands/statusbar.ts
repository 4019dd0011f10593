// `cmd statusbar`: StatusBarShellCommand's panel verbs (what a console without scrcpy uses for the shade).
import type { Command } from '../context';

const PANELS = {
  'expand-notifications': 'notifications',
  'expand-settings': 'quick_settings',
  collapse: 'none',
} as const;

export const statusbar: Command = async ({ argv, android, err }) => {
  const verb = argv[1] ?? '';
  if (!(verb in PANELS)) {
    await err(`Unknown command: ${verb}\n`);
    return 255;
  }
  android.lab.setShade(PANELS[verb as keyof typeof PANELS]);
  return 0;
};
