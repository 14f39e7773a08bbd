/** Shared sample data for the tests: small, fixed and time-zone free. */

export const PEOPLE = [
  { id: 1, name: 'Mara', team: 'Core', joined: '2021-03-04', salary: 7100 },
  { id: 2, name: 'Ivo', team: 'Web', joined: '2019-11-20', salary: 6400 },
  { id: 3, name: 'Lena', team: 'Core', joined: '2022-07-01', salary: null },
  { id: 4, name: 'Tom', team: 'Data', joined: '2020-01-15', salary: 5900 },
  { id: 5, name: 'Ada', team: 'Web', joined: null, salary: 8000 },
];

export const PEOPLE_COLUMNS = [
  'name',
  'team',
  { key: 'joined', type: 'date' },
  { key: 'salary', type: 'currency', currency: 'EUR' },
];

export function ids(rows) {
  return rows.map((row) => row.id);
}
