const validators = require('./validators');
const { createSchema } = require('./schema');
const messages = require('./messages');
const { availableLocales, loadMessages } = require('./locales');
const { createForm } = require('./form');

module.exports = {
  ...validators,
  createSchema,
  ...messages,
  availableLocales,
  loadMessages,
  createForm,
};
