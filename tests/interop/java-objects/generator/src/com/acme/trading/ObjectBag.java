package com.acme.trading;

import java.util.List;
import java.util.Map;

/** Object properties and property bags: values whose class only the message tells. Interop test bean; see tests/interop/java-objects/README.md. */
public class ObjectBag {
  private Object value;
  private Object text;
  private Object bean;
  private Map<String, Object> bag;
  private List<Object> items;

  public ObjectBag() {
  }

  public Object getValue() {
    return value;
  }

  public void setValue(Object value) {
    this.value = value;
  }

  public Object getText() {
    return text;
  }

  public void setText(Object text) {
    this.text = text;
  }

  public Object getBean() {
    return bean;
  }

  public void setBean(Object bean) {
    this.bean = bean;
  }

  public Map<String, Object> getBag() {
    return bag;
  }

  public void setBag(Map<String, Object> bag) {
    this.bag = bag;
  }

  public List<Object> getItems() {
    return items;
  }

  public void setItems(List<Object> items) {
    this.items = items;
  }
}
