package com.acme.trading;

import java.math.BigDecimal;
import java.util.Calendar;
import java.util.Date;
import java.util.TimeZone;
import java.util.UUID;
import javax.time.Instant;
import javax.time.calendar.LocalDate;
import javax.time.calendar.LocalDateTime;
import javax.time.calendar.LocalTime;
import javax.time.calendar.OffsetDateTime;

/** Values that Fudge-Java maps to secondary types (decimal, dates, times, UUID, time zones). Interop test bean; see tests/interop/java-objects/README.md. */
public class Temporal {
  private BigDecimal amount;
  private BigDecimal tiny;
  private BigDecimal large;
  private Date when;
  private Calendar calendar;
  private UUID uuid;
  private LocalDate date;
  private LocalTime time;
  private LocalDateTime local;
  private OffsetDateTime offset;
  private Instant instant;
  private TimeZone zone;

  public Temporal() {
  }

  public BigDecimal getAmount() {
    return amount;
  }

  public void setAmount(BigDecimal amount) {
    this.amount = amount;
  }

  public BigDecimal getTiny() {
    return tiny;
  }

  public void setTiny(BigDecimal tiny) {
    this.tiny = tiny;
  }

  public BigDecimal getLarge() {
    return large;
  }

  public void setLarge(BigDecimal large) {
    this.large = large;
  }

  public Date getWhen() {
    return when;
  }

  public void setWhen(Date when) {
    this.when = when;
  }

  public Calendar getCalendar() {
    return calendar;
  }

  public void setCalendar(Calendar calendar) {
    this.calendar = calendar;
  }

  public UUID getUuid() {
    return uuid;
  }

  public void setUuid(UUID uuid) {
    this.uuid = uuid;
  }

  public LocalDate getDate() {
    return date;
  }

  public void setDate(LocalDate date) {
    this.date = date;
  }

  public LocalTime getTime() {
    return time;
  }

  public void setTime(LocalTime time) {
    this.time = time;
  }

  public LocalDateTime getLocal() {
    return local;
  }

  public void setLocal(LocalDateTime local) {
    this.local = local;
  }

  public OffsetDateTime getOffset() {
    return offset;
  }

  public void setOffset(OffsetDateTime offset) {
    this.offset = offset;
  }

  public Instant getInstant() {
    return instant;
  }

  public void setInstant(Instant instant) {
    this.instant = instant;
  }

  public TimeZone getZone() {
    return zone;
  }

  public void setZone(TimeZone zone) {
    this.zone = zone;
  }
}
