package com.tactile.helper.core;

import java.util.ArrayList;
import java.util.List;

/**
 * UiAutomation as the accessibility manager sees it: getServiceInfo() answers null for the first `nullAnswers`
 * calls (service not bound yet, RemoteException), windows appear once the interactive-windows flag was set, and
 * once `lost` every call throws what UiAutomation throws after its connection died.
 */
class FakeAutomation implements AutomationPort<FakeAutomation.Info> {
    static final class Info {
        boolean windowsAndIds;
    }

    final List<String> calls = new ArrayList<String>();
    final Info info = new Info();
    int nullAnswers;
    boolean lost;
    private boolean flagsApplied;

    private void check(String call) {
        calls.add(call);
        if (lost) {
            throw new IllegalStateException("UiAutomation not connected!");
        }
    }

    @Override
    public boolean hasServiceInfo() {
        return true;
    }

    @Override
    public Info serviceInfo() {
        check("getServiceInfo");
        if (nullAnswers > 0) {
            nullAnswers--;
            return null;
        }
        return info;
    }

    @Override
    public void setServiceInfo(Info i) {
        check("setServiceInfo");
        flagsApplied |= i.windowsAndIds;
    }

    @Override
    public void requestWindowsAndIds(Info i) {
        i.windowsAndIds = true;
    }

    @Override
    public void clearCache() {
        check("clearCache");
    }

    @Override
    public boolean hasWindows() {
        check("getWindows");
        return flagsApplied;
    }
}
