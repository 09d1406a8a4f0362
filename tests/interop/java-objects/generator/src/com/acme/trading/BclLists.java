package com.acme.trading;

import java.util.List;

/** Lists that .NET holds in its other plain types (immutable, read-only, observable, fifo, lifo, linked, concurrent): to Java each is a List. Interop test bean; see tests/interop/java-objects/README.md. */
public class BclLists {
  private List<String> values;
  private List<String> immutable;
  private List<String> plain;
  private List<String> readOnly;
  private List<String> observable;
  private List<String> fifo;
  private List<String> lifo;
  private List<String> linked;
  private List<String> concurrent;

  public BclLists() {
  }

  public List<String> getValues() {
    return values;
  }

  public void setValues(List<String> values) {
    this.values = values;
  }

  public List<String> getImmutable() {
    return immutable;
  }

  public void setImmutable(List<String> immutable) {
    this.immutable = immutable;
  }

  public List<String> getPlain() {
    return plain;
  }

  public void setPlain(List<String> plain) {
    this.plain = plain;
  }

  public List<String> getReadOnly() {
    return readOnly;
  }

  public void setReadOnly(List<String> readOnly) {
    this.readOnly = readOnly;
  }

  public List<String> getObservable() {
    return observable;
  }

  public void setObservable(List<String> observable) {
    this.observable = observable;
  }

  public List<String> getFifo() {
    return fifo;
  }

  public void setFifo(List<String> fifo) {
    this.fifo = fifo;
  }

  public List<String> getLifo() {
    return lifo;
  }

  public void setLifo(List<String> lifo) {
    this.lifo = lifo;
  }

  public List<String> getLinked() {
    return linked;
  }

  public void setLinked(List<String> linked) {
    this.linked = linked;
  }

  public List<String> getConcurrent() {
    return concurrent;
  }

  public void setConcurrent(List<String> concurrent) {
    this.concurrent = concurrent;
  }
}
