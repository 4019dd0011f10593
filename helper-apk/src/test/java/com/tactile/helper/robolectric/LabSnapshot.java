package com.tactile.helper.robolectric;

import android.os.Build;

import org.json.JSONArray;
import org.json.JSONObject;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;

/**
 * The host's vector from the real-widget lab (vectors both ways): the helper's observe result and its answers to
 * a few requests on that state, as produced at one API level. The suite writes it to
 * ${robolectric.out}/lab-snapshot-apiNN.json (target/, never a tracked file) and fails when it differs from the
 * committed copy in ${lab.snapshots.dir} (shared/observation/fixtures/robolectric/), which
 * shared/observation/robolectric-snapshot.test.ts reads with the host's parsers and its reference evaluator.
 * Copies are committed for API 21 and 34; the other levels only write target/. The lab and the clock are
 * deterministic and nothing in an observe result is time, so the produced text is compared as it is.
 * Refresh a copy deliberately: run the suite at that level and copy the file from target/robolectric/.
 */
final class LabSnapshot {
    private LabSnapshot() {}

    static String fileName() {
        return "lab-snapshot-api" + Build.VERSION.SDK_INT + ".json";
    }

    static String render(JSONObject state, JSONArray exchanges) throws Exception {
        JSONObject doc = new JSONObject();
        doc.put("description", "The Java helper's observe result on the Robolectric real-widget lab at API "
                + Build.VERSION.SDK_INT + " (helper-apk/src/test/java/com/tactile/helper/robolectric) and its answers to "
                + "the exchanges' requests on that state. Refresh: mvn -f helper-apk/pom.xml test "
                + "-Dtest=HelperOnAospApi*Test -Drobolectric.sdks=" + Build.VERSION.SDK_INT
                + ", then copy helper-apk/target/robolectric/" + fileName() + " here.");
        doc.put("sdk", Build.VERSION.SDK_INT);
        doc.put("state", state);
        doc.put("exchanges", exchanges);
        return doc.toString(1) + "\n";
    }

    static File write(String text) throws IOException {
        File dir = new File(System.getProperty("robolectric.out", "target/robolectric"));
        if (!dir.isDirectory() && !dir.mkdirs()) {
            throw new IOException("cannot create " + dir);
        }
        File f = new File(dir, fileName());
        Files.write(f.toPath(), text.getBytes(StandardCharsets.UTF_8));
        return f;
    }

    /** The committed copy for this API level (it may not exist: only some levels have one). */
    static File committed() {
        return new File(System.getProperty("lab.snapshots.dir", "../shared/observation/fixtures/robolectric"),
                fileName());
    }

    static String read(File f) throws IOException {
        return new String(Files.readAllBytes(f.toPath()), StandardCharsets.UTF_8);
    }
}
