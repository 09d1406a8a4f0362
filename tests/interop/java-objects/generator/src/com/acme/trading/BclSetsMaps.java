package com.acme.trading;

import java.util.Map;
import java.util.Set;

/** Sets and maps that .NET holds in its immutable, frozen, sorted, read-only and concurrent types: to Java each is a Set or a Map. Interop test bean; see tests/interop/java-objects/README.md. */
public class BclSetsMaps {
  private Set<String> immutableSet;
  private Set<String> frozen;
  private Set<String> sorted;
  private Map<String, Double> immutableMap;
  private Map<String, Double> frozenMap;
  private Map<String, Double> sortedMap;
  private Map<String, Double> sortedPairs;
  private Map<String, Double> concurrentMap;
  private Map<String, Double> readOnlyMap;

  public BclSetsMaps() {
  }

  public Set<String> getImmutableSet() {
    return immutableSet;
  }

  public void setImmutableSet(Set<String> immutableSet) {
    this.immutableSet = immutableSet;
  }

  public Set<String> getFrozen() {
    return frozen;
  }

  public void setFrozen(Set<String> frozen) {
    this.frozen = frozen;
  }

  public Set<String> getSorted() {
    return sorted;
  }

  public void setSorted(Set<String> sorted) {
    this.sorted = sorted;
  }

  public Map<String, Double> getImmutableMap() {
    return immutableMap;
  }

  public void setImmutableMap(Map<String, Double> immutableMap) {
    this.immutableMap = immutableMap;
  }

  public Map<String, Double> getFrozenMap() {
    return frozenMap;
  }

  public void setFrozenMap(Map<String, Double> frozenMap) {
    this.frozenMap = frozenMap;
  }

  public Map<String, Double> getSortedMap() {
    return sortedMap;
  }

  public void setSortedMap(Map<String, Double> sortedMap) {
    this.sortedMap = sortedMap;
  }

  public Map<String, Double> getSortedPairs() {
    return sortedPairs;
  }

  public void setSortedPairs(Map<String, Double> sortedPairs) {
    this.sortedPairs = sortedPairs;
  }

  public Map<String, Double> getConcurrentMap() {
    return concurrentMap;
  }

  public void setConcurrentMap(Map<String, Double> concurrentMap) {
    this.concurrentMap = concurrentMap;
  }

  public Map<String, Double> getReadOnlyMap() {
    return readOnlyMap;
  }

  public void setReadOnlyMap(Map<String, Double> readOnlyMap) {
    this.readOnlyMap = readOnlyMap;
  }
}
