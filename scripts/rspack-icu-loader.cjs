// rspack loader for message catalogues (`src/messages/<locale>.json`): compiles every ICU message to its AST at
// build time, so the browser bundle ships react-intl without the ICU parser (about 7 KiB gzip less). A message
// with invalid ICU syntax fails the build.
module.exports = function icuMessagesLoader(source) {
  const callback = this.async();
  const file = this.resourcePath;
  import('@formatjs/icu-messageformat-parser')
    .then(({ parse }) => {
      const messages = JSON.parse(source);
      if (typeof messages !== 'object' || messages === null || Array.isArray(messages)) {
        throw new Error(`${file}: a catalogue is a JSON object of message id to message`);
      }
      const compiled = {};
      for (const [id, message] of Object.entries(messages)) {
        if (typeof message !== 'string') throw new Error(`${file}: message ${id} is not a string`);
        try {
          compiled[id] = parse(message);
        } catch (error) {
          throw new Error(`${file}: message ${id}: ${error.message}`, { cause: error });
        }
      }
      callback(null, `export default ${JSON.stringify(compiled)};`);
    })
    .catch((error) => callback(error));
};
