package com.acme.trading;

/** One property of each Java primitive type. Interop test bean; see tests/interop/java-objects/README.md. */
public class Primitives {
  private boolean flag;
  private byte tiny;
  private short small;
  private int count;
  private long big;
  private float ratio;
  private double price;
  private char initial;

  public Primitives() {
  }

  public boolean isFlag() {
    return flag;
  }

  public void setFlag(boolean flag) {
    this.flag = flag;
  }

  public byte getTiny() {
    return tiny;
  }

  public void setTiny(byte tiny) {
    this.tiny = tiny;
  }

  public short getSmall() {
    return small;
  }

  public void setSmall(short small) {
    this.small = small;
  }

  public int getCount() {
    return count;
  }

  public void setCount(int count) {
    this.count = count;
  }

  public long getBig() {
    return big;
  }

  public void setBig(long big) {
    this.big = big;
  }

  public float getRatio() {
    return ratio;
  }

  public void setRatio(float ratio) {
    this.ratio = ratio;
  }

  public double getPrice() {
    return price;
  }

  public void setPrice(double price) {
    this.price = price;
  }

  public char getInitial() {
    return initial;
  }

  public void setInitial(char initial) {
    this.initial = initial;
  }
}
