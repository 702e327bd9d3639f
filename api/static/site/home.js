/* Home page: an example question, clicked, is asked in the chat beside it — through the widget's own
   form (its input and submit), the same path as a question typed by hand. No inline script: the
   pages' Content-Security-Policy allows only files of this site. */
(function () {
  "use strict";

  function ask(question) {
    var input = document.getElementById("bsa-input");
    var form = input && input.form;
    if (!form) return false;
    input.value = question;
    if (form.requestSubmit) form.requestSubmit();
    else form.dispatchEvent(new Event("submit", { cancelable: true }));
    var chat = document.getElementById("chat");
    if (chat && chat.scrollIntoView) chat.scrollIntoView({ block: "nearest" });
    input.focus({ preventScroll: true });
    return true;
  }

  var waiting = null; // a question clicked before the widget was ready
  window.addEventListener("bsa:ready", function () {
    if (waiting !== null) { ask(waiting); waiting = null; }
  });

  document.addEventListener("click", function (event) {
    var button = event.target.closest ? event.target.closest(".example-question") : null;
    if (!button) return;
    var question = button.getAttribute("data-question");
    if (!ask(question)) waiting = question;
  });
})();
