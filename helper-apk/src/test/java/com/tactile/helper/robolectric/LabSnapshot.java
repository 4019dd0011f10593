package com.tactile.helper.robolectric;

import android.os.Build;

import org.json.JSONObject;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;

/**
 * The helper's observe result on the real-widget lab, for the host's side (vectors both ways): written to
 * ${robolectric.out}/lab-snapshot-apiNN.json (target/, never a tracked file); the TypeScript test
 * shared/observation/robolectric-snapshot.test.ts parses the committed copies in
 * shared/observation/fixtures/robolectric/ with the host's parsers, and this suite checks that the helper still
 * produces exactly those copies (LabSnapshotVectorTest). The snapshot has no time in it, and the lab and the
 * clock are deterministic, so no field needs masking.
 */
final class LabSnapshot {
    private LabSnapshot() {}

    static String fileName() {
        return "lab-snapshot-api" + Build.VERSION.SDK_INT + ".json";
    }

    static String render(JSONObject state) throws Exception {
        JSONObject doc = new JSONObject();
        doc.put("description", "The Java helper's observe result on the Robolectric real-widget lab at API "
                + Build.VERSION.SDK_INT + " (helper-apk/src/test/.../robolectric); regenerate with "
                + "mvn -f helper-apk/pom.xml test -Dtest=HelperOnAosp*Test and copy target/robolectric/" + fileName());
        doc.put("sdk", Build.VERSION.SDK_INT);
        doc.put("state", state);
        return doc.toString(1) + "\n";
    }

    static File write(JSONObject state) throws Exception {
        File dir = new File(System.getProperty("robolectric.out", "target/robolectric"));
        if (!dir.isDirectory() && !dir.mkdirs()) {
            throw new IOException("cannot create " + dir);
        }
        File f = new File(dir, fileName());
        Files.write(f.toPath(), render(state).getBytes(StandardCharsets.UTF_8));
        return f;
    }
}
