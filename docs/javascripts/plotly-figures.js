// Draws the plotly figures a lesson page carries as JSON (docs/gen_pages.py puts each stored
// figure in a <script type="application/json" class="cardlab-plotly-figure"> inside a
// <div class="cardlab-plotly">), with the site's own copy of plotly.js.
document.querySelectorAll("script.cardlab-plotly-figure").forEach(function (script) {
  var figure = JSON.parse(script.textContent);
  var target = document.createElement("div");
  script.parentNode.appendChild(target);
  var config = Object.assign({ responsive: true, displaylogo: false }, figure.config || {});
  Plotly.newPlot(target, figure.data || [], figure.layout || {}, config);
});
