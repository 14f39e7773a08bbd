// What the tracking page shows for a parcel, from its scan events.

export const STATUS_TEXT = {
  registered: 'Registered, not handed in yet',
  sorted: 'At the sorting centre',
  out_for_delivery: 'Out for delivery',
  pickup_point: 'Ready at the pickup point',
  delivered: 'Delivered',
  returned: 'Returned to sender',
};

/** The status of a parcel: the kind of its latest event (`registered` without any). */
export function currentStatus(events) {
  const latest = events.at(-1);
  return latest ? latest.kind : 'registered';
}

/** The tracking view of a parcel: number, status, its text and the time of the last scan. */
export function trackingView(parcel, events) {
  const status = currentStatus(events);
  return {
    number: parcel.number,
    service: parcel.service,
    status,
    statusText: STATUS_TEXT[status],
    lastScan: events.at(-1)?.at ?? null,
  };
}
