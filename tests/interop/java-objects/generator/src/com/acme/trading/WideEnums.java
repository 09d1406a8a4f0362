package com.acme.trading;

import java.util.List;

/** Enums that .NET declares over byte, long and ulong: to Java they are enums like any other. Interop test bean; see tests/interop/java-objects/README.md. */
public class WideEnums {
  private Rating rating;
  private Tenor tenor;
  private Level level;
  private List<Rating> ratings;

  public WideEnums() {
  }

  public Rating getRating() {
    return rating;
  }

  public void setRating(Rating rating) {
    this.rating = rating;
  }

  public Tenor getTenor() {
    return tenor;
  }

  public void setTenor(Tenor tenor) {
    this.tenor = tenor;
  }

  public Level getLevel() {
    return level;
  }

  public void setLevel(Level level) {
    this.level = level;
  }

  public List<Rating> getRatings() {
    return ratings;
  }

  public void setRatings(List<Rating> ratings) {
    this.ratings = ratings;
  }
}
