# Varnish in front of Resonance: reader pages from the render tier (`npm run serve:pages`), everything
# else from the content service, pages and public query answers kept as their Cache-Control says and
# filed under their xkey headers, and purged by key when the edge purger (`npm run serve:purger`)
# relays a publish. Needs Debian's varnish and varnish-modules (for xkey), and Varnish started with
# `-p http_gzip_support=off` so Brotli passes through (see README, "Deployment").
#
# The addresses below are the README's example; tests/support/varnish.ts writes its own ports in.

vcl 4.1;

import directors;
import xkey;

# The content service: API, listen stream, images, files, feeds, sign-in, reader forms, newsroom.
backend content {
  .host = "127.0.0.1";
  .port = "3000";
  # A listen stream sends a keep-alive at least every 30 s; the API answers within its own limits.
  .between_bytes_timeout = 120s;
}

# The render tier: two processes here; list as many as run. A process that stops is left out until
# it answers again.
probe rendered {
  .url = "/favicon.svg";
  .interval = 2s;
  .timeout = 1s;
  .window = 3;
  .threshold = 2;
  .initial = 2;
}
backend render1 { .host = "127.0.0.1"; .port = "3001"; .probe = rendered; }
backend render2 { .host = "127.0.0.1"; .port = "3002"; .probe = rendered; }

acl purgers {
  "127.0.0.1";
  "::1";
}

sub vcl_init {
  new pages = directors.round_robin();
  pages.add_backend(render1);
  pages.add_backend(render2);
}

sub vcl_recv {
  # PURGE / with `xkey-purge: key1 key2`: drop every object filed under those keys, at once (not a
  # soft purge: the next reader must get the new page, not a stale one while it is fetched).
  if (req.method == "PURGE") {
    if (client.ip !~ purgers) {
      return (synth(403, "Forbidden"));
    }
    if (!req.http.xkey-purge) {
      return (synth(400, "Name the keys to purge in xkey-purge"));
    }
    set req.http.n-gone = xkey.purge(req.http.xkey-purge);
    return (synth(200, "Purged " + req.http.n-gone + " objects"));
  }

  # One variant per encoding the service makes, whatever else a browser lists.
  if (req.http.Accept-Encoding ~ "br") {
    set req.http.Accept-Encoding = "br";
  } elsif (req.http.Accept-Encoding ~ "gzip") {
    set req.http.Accept-Encoding = "gzip";
  } else {
    unset req.http.Accept-Encoding;
  }

  # Which origin: the service's paths, or a reader page. The rule is server/http/servicePaths.ts
  # (the service and the render tier use it); servicePaths.test.ts holds these expressions to it.
  # The URL has its query string: a path segment stops at "?", and nothing matches inside the query.
  if (req.url ~ "^/(v([0-9xX][^/?]*)?|v[^/?]*/(data|assets|check|ping))(/|\?|$)" ||
      req.url ~ "^/(images|files|auth|newsroom|sitemaps|newsletters)(/|\?|$)" ||
      req.url ~ "^/((rss|sitemap)\.xml|robots\.txt|health)(\?|$)" ||
      req.url ~ "^[^?]*/rss\.xml(\?|$)" ||
      (req.method != "GET" && req.method != "HEAD")) {
    set req.backend_hint = content;
  } else {
    set req.backend_hint = pages.backend();
  }

  # The listen stream is a long-lived event stream: a pipe, never cached or buffered.
  if (req.url ~ "^/v[^/]+/data/listen/") {
    return (pipe);
  }
  # Signed-in requests and the admin are personal: never from or into the cache.
  if (req.http.Authorization || req.url ~ "^/admin(/|\?|$)") {
    return (pass);
  }
  # Readers carry no session; a cookie would only split the cache.
  unset req.http.Cookie;
}

sub vcl_pipe {
  set bereq.http.Connection = "close";
}

sub vcl_backend_response {
  # The service says `s-maxage=60, stale-while-revalidate=60`: Varnish takes the TTL from s-maxage,
  # and grace (serving a copy while a fresh one is fetched) from the revalidation window.
  if (beresp.http.Cache-Control ~ "stale-while-revalidate=") {
    set beresp.grace = 60s;
  }
}

sub vcl_deliver {
  # Keys are for the cache; readers need not see which documents a page shows.
  unset resp.http.xkey;
  if (obj.hits > 0) {
    set resp.http.X-Cache = "HIT";
  } else {
    set resp.http.X-Cache = "MISS";
  }
}
