// Start Swagger UI on the API's description: a file of its own, since the
// site's Content-Security-Policy runs no inline script.
window.addEventListener("load", function () {
  var root = document.getElementById("swagger-ui");
  window.ui = SwaggerUIBundle({ url: root.dataset.url, dom_id: "#swagger-ui" });
});
