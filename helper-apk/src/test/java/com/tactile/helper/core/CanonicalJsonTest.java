package com.tactile.helper.core;

import static org.junit.Assert.assertEquals;

import java.util.Arrays;

import org.junit.Test;

/** Golden values computed with Node: JSON.stringify of the same array, then SHA-256 of its UTF-8. */
public class CanonicalJsonTest {
    @Test
    public void escapesExactlyAsJsonStringify() {
        String text = CanonicalJson.encode(Arrays.<Object>asList("tactile/3/token", 1,
                "a\u0000b\u001f\"\\/\u2028\u007f", null, true, false, -5, 9007199254740991L));
        assertEquals("[\"tactile/3/token\",1,\"a\\u0000b\\u001f\\\"\\\\/\u2028\u007f\",null,true,false,-5,"
                + "9007199254740991]", text);
        assertEquals("151bbcd1f6d3fbb45f6454de750af626ee13710ff448348b99172867ae8ac1d2", CanonicalJson.sha256Hex(text));
    }

    @Test
    public void escapesLoneSurrogatesButKeepsPairs() {
        String text = CanonicalJson.encode(Arrays.<Object>asList("\ud800x\udc00", "A\ud83d\ude00B"));
        assertEquals("[\"\\ud800x\\udc00\",\"A\ud83d\ude00B\"]", text);
        assertEquals("0ba49e4881b6cc19433dd557103e855b831704bbdd8e578ea70baf845e3f3a51", CanonicalJson.sha256Hex(text));
    }

    @Test(expected = IllegalArgumentException.class)
    public void refusesUnsafeIntegers() {
        CanonicalJson.encode(Arrays.<Object>asList(9007199254740992L));
    }

    @Test
    public void milliRoundsHalfUpLikeEcmaScript() {
        assertEquals(63500, Identity.milli(63.5));
        assertEquals(-2, Identity.milli(-0.0025));
        assertEquals(3, Identity.milli(0.0025));
    }
}
