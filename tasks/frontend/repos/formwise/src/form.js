// A tiny form-state controller: values, touched and dirty flags, errors and
// submission, with subscribers notified on every change. Framework-agnostic:
// a React hook or a plain DOM binding subscribes and renders from getState().

function createForm(schema, options = {}) {
  let initial = { ...options.initialValues };
  let values = { ...initial };
  let touched = {};
  let errors = {};
  let submitting = false;
  let submitCount = 0;
  const listeners = new Set();

  function isDirty() {
    for (key in values) {
      if (values[key] !== initial[key]) return true;
    }
    return Object.keys(initial).some((name) => !(name in values));
  }

  function getState() {
    return {
      values: { ...values },
      touched: { ...touched },
      errors: { ...errors },
      dirty: isDirty(),
      submitting,
      submitCount,
    };
  }

  function notify() {
    const state = getState();
    for (const listener of listeners) listener(state);
  }

  function check(name) {
    const fieldErrors = schema.validateField(name, values);
    errors = { ...errors };
    if (fieldErrors.length > 0) errors[name] = fieldErrors;
    else delete errors[name];
  }

  function setValue(name, value) {
    values = { ...values, [name]: value };
    if (touched[name]) check(name);
    notify();
  }

  function touch(name) {
    if (touched[name]) return;
    touched = { ...touched, [name]: true };
    check(name);
    notify();
  }

  async function submit(handler) {
    submitCount += 1;
    touched = Object.fromEntries(schema.fields.map((name) => [name, true]));
    const result = schema.validate(values);
    errors = result.errors;
    if (!result.valid) {
      notify();
      return false;
    }
    submitting = true;
    notify();
    try {
      await handler({ ...values });
      return true;
    } finally {
      submitting = false;
      notify();
    }
  }

  function reset(nextValues = initial) {
    initial = { ...nextValues };
    values = { ...initial };
    touched = {};
    errors = {};
    notify();
  }

  function subscribe(listener) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }

  return { getState, setValue, touch, submit, reset, subscribe };
}

module.exports = { createForm };
