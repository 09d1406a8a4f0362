package com.acme.trading;

/** The boxed counterparts of the primitives, plus a string; all may be null. Interop test bean; see tests/interop/java-objects/README.md. */
public class Boxed {
  private Boolean flag;
  private Byte tiny;
  private Short small;
  private Integer count;
  private Long big;
  private Float ratio;
  private Double price;
  private String text;

  public Boxed() {
  }

  public Boolean getFlag() {
    return flag;
  }

  public void setFlag(Boolean flag) {
    this.flag = flag;
  }

  public Byte getTiny() {
    return tiny;
  }

  public void setTiny(Byte tiny) {
    this.tiny = tiny;
  }

  public Short getSmall() {
    return small;
  }

  public void setSmall(Short small) {
    this.small = small;
  }

  public Integer getCount() {
    return count;
  }

  public void setCount(Integer count) {
    this.count = count;
  }

  public Long getBig() {
    return big;
  }

  public void setBig(Long big) {
    this.big = big;
  }

  public Float getRatio() {
    return ratio;
  }

  public void setRatio(Float ratio) {
    this.ratio = ratio;
  }

  public Double getPrice() {
    return price;
  }

  public void setPrice(Double price) {
    this.price = price;
  }

  public String getText() {
    return text;
  }

  public void setText(String text) {
    this.text = text;
  }
}
