package com.tactile.helper.core;

/**
 * The helper's command line: the protocol number the host expects, then key=value options. A host that
 * expects another protocol gets a refusal before anything starts (the host then falls back to shell input).
 */
public final class LaunchOptions {
    public static final String DEFAULT_SOCKET = "tactile-helper";
    /** The abstract socket name the helper listens on (adb forward ... localabstract:NAME). */
    public final String socket;

    private LaunchOptions(String socket) {
        this.socket = socket;
    }

    public static LaunchOptions parse(String[] args) {
        if (args.length < 1) {
            throw new IllegalArgumentException("usage: PROTOCOL [socket=NAME]");
        }
        if (!args[0].equals(String.valueOf(Hello.PROTOCOL))) {
            throw new IllegalArgumentException("protocol mismatch: the host expects " + args[0]
                    + ", this helper speaks " + Hello.PROTOCOL);
        }
        String socket = DEFAULT_SOCKET;
        for (int i = 1; i < args.length; i++) {
            int eq = args[i].indexOf('=');
            String key = eq < 0 ? args[i] : args[i].substring(0, eq);
            String value = eq < 0 ? null : args[i].substring(eq + 1);
            if (key.equals("socket") && value != null && value.matches("[A-Za-z0-9._-]{1,100}")) {
                socket = value;
            } else {
                throw new IllegalArgumentException("unknown or malformed option: " + args[i]);
            }
        }
        return new LaunchOptions(socket);
    }
}
