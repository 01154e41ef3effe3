// The console's result entry (templates/tournament/director/entry.html): the cursor goes to
// the first field with an error, else to the next row still to enter.  A file, not an inline
// script: the content security policy allows scripts from 'self' only.
(function () {
  function tdFocus() {
    const el = document.querySelector("form.result-row .has-error input, form.result-row .has-error select")
      || document.querySelector("form.result-row.open input[type=text], form.result-row.open input[type=number]");
    if (el) el.focus();
  }
  document.addEventListener("DOMContentLoaded", tdFocus);
  document.addEventListener("htmx:afterSettle", tdFocus);
})();
