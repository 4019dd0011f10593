package com.tactile.helper.core;

import static org.junit.Assert.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;

import org.junit.Test;

/** The core runs unchanged under JUnit and on the device: java.* and org.json only, never android.*. */
public class CorePurityTest {
    @Test
    public void coreImportsNoAndroidClasses() throws Exception {
        File dir = new File("src/main/java/com/tactile/helper/core");
        File[] sources = dir.listFiles();
        assertTrue("core sources not found in " + dir.getAbsolutePath(), sources != null && sources.length > 10);
        List<String> offenders = new ArrayList<String>();
        for (File f : sources) {
            for (String line : Files.readAllLines(f.toPath(), StandardCharsets.UTF_8)) {
                String t = line.trim();
                if (t.startsWith("import ") && !t.startsWith("import java.") && !t.startsWith("import org.json.")) {
                    offenders.add(f.getName() + ": " + t);
                }
                // A string literal names no class ("android.permission.INJECT_EVENTS" is protocol text).
                String code = t.replaceAll("\"(\\\\.|[^\"\\\\])*\"", "\"\"");
                if (code.matches(".*\\bandroid\\.[a-z]+\\.[A-Z].*") && !t.startsWith("//") && !t.startsWith("*")
                        && !t.startsWith("/*")) {
                    offenders.add(f.getName() + ": " + t);
                }
            }
        }
        assertTrue("android or other imports in the pure core: " + offenders, offenders.isEmpty());
    }
}
