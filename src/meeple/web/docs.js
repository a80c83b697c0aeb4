// The /docs page: Swagger UI (served from the swagger-ui-bundle package's files) over /openapi.json.
// A file of its own, not an inline script: the Content-Security-Policy allows only this server's scripts.
window.SwaggerUIBundle({
  url: "/openapi.json",
  dom_id: "#swagger-ui",
  presets: [window.SwaggerUIBundle.presets.apis],
  layout: "BaseLayout",
  deepLinking: true,
});
