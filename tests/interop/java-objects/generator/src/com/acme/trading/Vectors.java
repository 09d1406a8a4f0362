package com.acme.trading;

/** Java arrays of primitives and of strings. Interop test bean; see tests/interop/java-objects/README.md. */
public class Vectors {
  private int[] ints;
  private long[] longs;
  private double[] doubles;
  private short[] shorts;
  private float[] floats;
  private byte[] bytes;
  private byte[] digest;
  private String[] words;

  public Vectors() {
  }

  public int[] getInts() {
    return ints;
  }

  public void setInts(int[] ints) {
    this.ints = ints;
  }

  public long[] getLongs() {
    return longs;
  }

  public void setLongs(long[] longs) {
    this.longs = longs;
  }

  public double[] getDoubles() {
    return doubles;
  }

  public void setDoubles(double[] doubles) {
    this.doubles = doubles;
  }

  public short[] getShorts() {
    return shorts;
  }

  public void setShorts(short[] shorts) {
    this.shorts = shorts;
  }

  public float[] getFloats() {
    return floats;
  }

  public void setFloats(float[] floats) {
    this.floats = floats;
  }

  public byte[] getBytes() {
    return bytes;
  }

  public void setBytes(byte[] bytes) {
    this.bytes = bytes;
  }

  public byte[] getDigest() {
    return digest;
  }

  public void setDigest(byte[] digest) {
    this.digest = digest;
  }

  public String[] getWords() {
    return words;
  }

  public void setWords(String[] words) {
    this.words = words;
  }
}
