package com.tactile.helper.core;

/** Ends the helper process with an exit status (System.exit on the device; a recorder in the tests). */
public interface ProcessExit {
    void exit(int code);
}
