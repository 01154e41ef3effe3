// The console's result entry (templates/tournament/director/entry.html).  A file, not an inline
// script: the content security policy allows scripts from 'self' only.
(function () {
  // The cursor goes to the first field with an error, else to the next row still to enter.
  function tdFocus() {
    const el = document.querySelector("form.result-row .has-error input, form.result-row .has-error select")
      || document.querySelector("form.result-row.open input[type=text], form.result-row.open input[type=number]");
    if (el) el.focus();
  }
  document.addEventListener("DOMContentLoaded", tdFocus);
  document.addEventListener("htmx:afterSettle", tdFocus);

  // A refused row (400: the message at the field, what was typed kept; 409: the conflict)
  // is answered with the row to show: htmx drops 4xx responses unless told to swap them.
  document.addEventListener("htmx:beforeSwap", function (evt) {
    const status = evt.detail.xhr.status;
    if ((status === 400 || status === 409) && evt.detail.target.matches("form.result-row")) {
      evt.detail.shouldSwap = true;
      evt.detail.isError = false;
    }
  });
})();
