/*
 * Beach & street assistant — website chat widget. Vanilla JS, no build step, no CDN.
 *
 * Embed on any page (the API serves this file):
 *   <script src="https://ASSISTANT-HOST/widget/widget.js" defer
 *           data-language="pt-BR" data-open="false"></script>
 * Optional attributes: data-api-base (default: where this file came from), data-language
 * (pt-BR | pt-PT | en; default: the page's lang), data-open="true" (start open),
 * data-container="#css-selector" (render inside that element instead of floating).
 *
 * The widget talks only to the API (POST /api/v1/chat, which relays to Rasa's REST channel) and
 * keeps the conversation (sender id + transcript) in localStorage, so a reload continues it.
 * Its own texts come from /widget/messages.json (api/channels/messages.yml).
 */
(function () {
  "use strict";

  var script = document.currentScript;
  if (!script || window.__beachStreetAssistant) return;
  window.__beachStreetAssistant = true;

  var data = script.dataset;
  var API_BASE = (data.apiBase || new URL(script.src, location.href).origin).replace(/\/+$/, "");
  var STORAGE_KEY = "bsa-chat:v1:" + API_BASE;
  var TEXTS_KEY = "bsa-texts:v1:" + API_BASE;
  var MAX_TRANSCRIPT = 200;
  var SVG_NS = "http://www.w3.org/2000/svg";
  var LINK_RE = /\[([^\]\n]+)\]\(([^)\s]+)\)|(https?:\/\/[^\s<>()\[\]]*[^\s<>()\[\].,;:!?'"])/g;
  var SHARE_LOCATION = "/share_location";
  var HANDOFF = "#handoff:"; // the contact answer's "send my question" button (a ticket for the office)
  var COMMENT_MAX = 500;
  var POLL_MS = Math.max(1000, parseInt(data.pollMs || "15000", 10) || 15000);

  var catalog = null; // {default_language, languages, texts}
  var state = null; // {sender, language, open, transcript: [...], location}
  var ui = {};
  var pending = null; // the turn to resend after an error

  // ---------------------------------------------------------------- state
  function randomId() {
    var bytes = new Uint8Array(16);
    (window.crypto || window.msCrypto).getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
  }

  function normalizeLanguage(code) {
    if (!code) return null;
    code = String(code).trim().replace("_", "-").toLowerCase();
    if (code === "pt-pt") return "pt-PT";
    if (code === "pt" || code.indexOf("pt-") === 0) return "pt-BR";
    if (code === "en" || code.indexOf("en-") === 0) return "en";
    if (code === "es" || code.indexOf("es-") === 0) return "es"; // es-AR, es-UY, es-419: one neutral Spanish
    return null;
  }

  function loadState() {
    var saved = null;
    try { saved = JSON.parse(localStorage.getItem(STORAGE_KEY) || "null"); } catch (e) { saved = null; }
    if (!saved || typeof saved.sender !== "string" || !Array.isArray(saved.transcript)) {
      saved = {
        sender: randomId(),
        language: normalizeLanguage(data.language) || normalizeLanguage(document.documentElement.lang) ||
          normalizeLanguage(navigator.language) || catalog.default_language,
        open: data.open === "true",
        transcript: [],
        location: null
      };
    }
    if (!catalog.texts[saved.language]) saved.language = catalog.default_language;
    return saved;
  }

  function saveState() {
    state.transcript = state.transcript.slice(-MAX_TRANSCRIPT);
    try { localStorage.setItem(STORAGE_KEY, JSON.stringify(state)); } catch (e) { /* private mode: no memory */ }
  }

  function t(key, params) {
    var text = (catalog.texts[state.language] || {})[key] || catalog.texts[catalog.default_language][key] || key;
    if (params) {
      text = text.replace(/\{(\w+)\}/g, function (m, name) { return name in params ? params[name] : m; });
    }
    return text;
  }

  // ---------------------------------------------------------------- helpers
  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    if (attrs) {
      Object.keys(attrs).forEach(function (name) {
        var value = attrs[name];
        if (value === null || value === undefined || value === false) return;
        if (name === "text") node.textContent = value;
        else if (name.indexOf("on") === 0) node.addEventListener(name.slice(2), value);
        else node.setAttribute(name, value === true ? "" : value);
      });
    }
    (children || []).forEach(function (child) {
      if (child) node.appendChild(typeof child === "string" ? document.createTextNode(child) : child);
    });
    return node;
  }

  function svg(tag, attrs, children) {
    var node = document.createElementNS(SVG_NS, tag);
    Object.keys(attrs || {}).forEach(function (name) { node.setAttribute(name, attrs[name]); });
    (children || []).forEach(function (child) {
      node.appendChild(typeof child === "string" ? document.createTextNode(child) : child);
    });
    return node;
  }

  function safeUrl(url) {
    if (/^\/(?!\/)/.test(url)) return API_BASE + url; // citations: /norms/<unit id> on this API
    try {
      var parsed = new URL(url);
      return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.href : null;
    } catch (e) { return null; }
  }

  function link(label, url) {
    return el("a", { href: url, target: "_blank", rel: "noopener" }, [
      label, el("span", { "class": "bsa-sr", text: " (" + t("opens_article") + ")" })
    ]);
  }

  // Links in one line of the bot's text: [label](url) and bare URLs.
  function inlineText(node, line) {
    var last = 0, match;
    LINK_RE.lastIndex = 0;
    while ((match = LINK_RE.exec(line)) !== null) {
      if (match.index > last) node.appendChild(document.createTextNode(line.slice(last, match.index)));
      var label = match[1] || match[3], url = safeUrl(match[2] || match[3]);
      node.appendChild(url ? link(label, url) : document.createTextNode(label));
      last = LINK_RE.lastIndex;
    }
    if (last < line.length) node.appendChild(document.createTextNode(line.slice(last)));
  }

  // The bot's text, its markdown rendered, never shown raw: "> " lines are a quote of the law, "• "
  // lines (or bullets run into one line, "…Indaiá• Riviera…") a list, other lines paragraphs with their
  // new lines kept; links as above.
  function richText(text) {
    var box = el("div", { "class": "bsa-text" });
    var block = null, kind = null;
    function open(tag, cls) {
      if (kind !== tag) { block = el(tag, cls ? { "class": cls } : {}); box.appendChild(block); kind = tag; return true; }
      return false;
    }
    String(text).split("\n").forEach(function (line) {
      var quoted = /^\s*>\s?/.exec(line);
      if (quoted) {
        if (!open("blockquote", "bsa-quote")) block.appendChild(el("br"));
        inlineText(block, line.slice(quoted[0].length));
        return;
      }
      if (!line.trim()) { kind = null; return; }
      var parts = line.split(/\s*•\s+/);
      if (parts.length > 1 || /^\s*✅\s/.test(line)) {
        if (parts[0].trim()) { if (!open("p")) block.appendChild(el("br")); inlineText(block, parts[0]); kind = null; }
        open("ul", "bsa-list");
        parts.slice(1).concat(parts.length > 1 ? [] : [line]).forEach(function (item) {
          var li = el("li"); inlineText(li, item.trim()); block.appendChild(li);
        });
        return;
      }
      if (!open("p")) block.appendChild(el("br"));
      inlineText(block, line);
    });
    return box;
  }

  // A distance to a point, by the chat's one rule (the bot's actions/common/distance.py, the channels'
  // api/channels/formatting.py; tests/test_distance_format.py holds all three to one table): under
  // 1 km metres to 10 m ("610 m"), else km with one decimal ("1,4 km"), in the reader's number format.
  function formatDistance(meters, language) {
    var tens = Math.round(Math.max(meters, 0) / 10) * 10;
    if (tens < 1000) return new Intl.NumberFormat(language, { maximumFractionDigits: 0 }).format(tens) + "\u00a0m";
    var km = Math.round(meters / 100) / 10;
    return new Intl.NumberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(km) + "\u00a0km";
  }

  // A length the law states (a point's radius): as stated, never rounded like a measured distance.
  function formatMetres(meters, language) {
    return new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(meters) + "\u00a0m";
  }

  // ---------------------------------------------------------------- places: SVG map + list
  function placesFrom(collection) {
    return ((collection && collection.features) || []).map(function (feature) {
      var coords = [];
      (function walk(c) {
        if (typeof c[0] === "number") coords.push(c); else c.forEach(walk);
      })((feature.geometry && feature.geometry.coordinates) || []);
      if (!coords.length) return null;
      var props = feature.properties || {};
      return {
        name: props.name || "?", area: props.area || "", radius: props.radius_m, distance: props.distance_m, feature: feature,
        lon: coords.reduce(function (s, c) { return s + c[0]; }, 0) / coords.length,
        lat: coords.reduce(function (s, c) { return s + c[1]; }, 0) / coords.length
      };
    }).filter(Boolean).sort(function (a, b) {
      return (a.distance == null) - (b.distance == null) || (a.distance || 0) - (b.distance || 0);
    });
  }

  // Drawn locally so the map works offline and without tiles: points, their radius, and you.
  function placesMap(places, you) {
    var W = 320, H = 200, PAD = 22;
    var all = places.concat(you ? [{ lon: you.longitude, lat: you.latitude }] : []);
    var meanLat = all.reduce(function (s, p) { return s + p.lat; }, 0) / all.length;
    var k = Math.cos(meanLat * Math.PI / 180);
    var xs = all.map(function (p) { return p.lon * k; }), ys = all.map(function (p) { return p.lat; });
    var minX = Math.min.apply(null, xs), maxX = Math.max.apply(null, xs);
    var minY = Math.min.apply(null, ys), maxY = Math.max.apply(null, ys);
    var span = Math.max(maxX - minX, maxY - minY, 0.002); // at least ~200 m across
    var scale = Math.min((W - 2 * PAD) / Math.max(maxX - minX, span / 2), (H - 2 * PAD) / Math.max(maxY - minY, span / 2));
    var cx = (minX + maxX) / 2, cy = (minY + maxY) / 2;
    function project(p) { return [W / 2 + (p.lon * k - cx) * scale, H / 2 - (p.lat - cy) * scale]; }
    var titleId = "bsa-map-" + randomId().slice(0, 8);
    var label = t("map_label", { count: places.length });
    var children = [svg("title", { id: titleId }, [label]), svg("rect", { x: 0, y: 0, width: W, height: H, "class": "bsa-map-bg" })];
    if (you) {
      // A ring under the markers: the citizen is often standing at one of the points.
      var me = project({ lon: you.longitude, lat: you.latitude });
      children.push(svg("g", { "class": "bsa-map-you" }, [
        svg("title", {}, [t("map_you")]), svg("circle", { cx: me[0], cy: me[1], r: 15 })
      ]));
    }
    places.forEach(function (place, index) {
      var xy = project(place);
      var group = svg("g", { "class": "bsa-map-point" }, [svg("title", {}, [(index + 1) + ". " + place.name])]);
      if (place.radius) {
        var r = place.radius / 111320 * scale; // metres to degrees of latitude to pixels
        if (r > 9) group.appendChild(svg("circle", { cx: xy[0], cy: xy[1], r: Math.min(r, W), "class": "bsa-map-radius" }));
      }
      group.appendChild(svg("circle", { cx: xy[0], cy: xy[1], r: 9, "class": "bsa-map-marker" }));
      group.appendChild(svg("text", { x: xy[0], y: xy[1] + 4, "text-anchor": "middle", "class": "bsa-map-number" }, [String(index + 1)]));
      children.push(group);
    });
    return svg("svg", { viewBox: "0 0 " + W + " " + H, role: "img", "aria-labelledby": titleId, "class": "bsa-map" }, children);
  }

  function placesBlock(collection) {
    var places = placesFrom(collection);
    if (!places.length) return null;
    var list = el("ol", { "class": "bsa-places-list" }, places.map(function (place) {
      var details = [];
      if (place.distance != null) details.push(t("place_distance", { distance: formatDistance(place.distance, state.language) }));
      if (place.radius != null) details.push(t("place_radius", { radius: formatMetres(place.radius, state.language) }));
      var osm = "https://www.openstreetmap.org/?mlat=" + place.lat.toFixed(6) + "&mlon=" + place.lon.toFixed(6) +
        "#map=18/" + place.lat.toFixed(6) + "/" + place.lon.toFixed(6);
      return el("li", null, [
        el("strong", { text: place.name }), place.area ? " — " + place.area : "",
        details.length ? el("span", { "class": "bsa-place-details", text: " (" + details.join(", ") + ")" }) : null,
        " ", el("a", { href: osm, target: "_blank", rel: "noopener", text: t("place_map_link") })
      ]);
    }));
    var drawing = placesMap(places, state.location);
    var frame = el("div", { "class": "bsa-map-frame" }, [drawing]);
    withGeography(frame, drawing, collection, places, state.location);
    return el("figure", { "class": "bsa-places" }, [el("figcaption", { text: t("places_heading") }), frame, list]);
  }

  // ---------------------------------------------------------------- the map with geography (Leaflet)
  // The drawing above needs no network. Where the API has tiles (MAP_TILES_URL, GET /widget/map.json),
  // Leaflet — vendored and served by this API, never a CDN — lays the answer's GeoJSON over them, and
  // takes the drawing's place only once a first tile has loaded: tiles switched off, a tile server that
  // fails or is not reached in time, or Leaflet not loading all leave the drawing, so the points always show.
  var TILE_PATIENCE_MS = 8000;
  var mapConfigPromise = null, leafletPromise = null;

  function mapConfig() {
    if (!mapConfigPromise) {
      mapConfigPromise = fetch(API_BASE + "/widget/map.json").then(function (r) { return r.ok ? r.json() : null; })
        .catch(function () { return null; });
    }
    return mapConfigPromise;
  }

  function loadLeaflet(config) {
    if (!leafletPromise) {
      leafletPromise = new Promise(function (resolve, reject) {
        document.head.appendChild(el("link", { rel: "stylesheet", href: API_BASE + config.leaflet.css, "data-bsa-leaflet": "1" }));
        var tag = el("script", { src: API_BASE + config.leaflet.js, "data-bsa-leaflet": "1" });
        tag.addEventListener("load", function () { if (window.L && window.L.map) resolve(window.L); else reject(new Error("leaflet")); });
        tag.addEventListener("error", function () { leafletPromise = null; reject(new Error("leaflet")); });
        document.head.appendChild(tag);
      });
    }
    return leafletPromise;
  }

  // Leaflet measures its box when it starts: wait until the drawing is on screen (a closed panel, an
  // old answer scrolled away).
  function whenShown(node, callback) {
    if (!("IntersectionObserver" in window)) { callback(); return; }
    var seen = new IntersectionObserver(function (entries) {
      if (entries.some(function (e) { return e.isIntersecting; })) { seen.disconnect(); callback(); }
    });
    seen.observe(node);
  }

  function withGeography(frame, drawing, collection, places, you) {
    mapConfig().then(function (config) {
      if (!config || !config.tiles || !config.leaflet) return null; // no tiles: the drawing is the map
      return loadLeaflet(config).then(function (L) {
        whenShown(frame, function () {
          if (!frame.isConnected) return;
          try { leafletMap(L, config.tiles, frame, drawing, collection, places, you); } catch (e) {
            var box = frame.querySelector(".bsa-lmap"); // whatever went wrong, the drawing stays the map
            if (box) box.remove();
            drawing.removeAttribute("aria-hidden");
            drawing.classList.remove("bsa-map--replaced");
          }
        });
      });
    }).catch(function () { /* offline, or Leaflet blocked: the drawing stays */ });
  }

  function leafletMap(L, tiles, frame, drawing, collection, places, you) {
    var box = el("div", { "class": "bsa-lmap", role: "region", "aria-label": t("map_label", { count: places.length }) });
    frame.appendChild(box);
    var map = L.map(box, { scrollWheelZoom: false, attributionControl: true });
    var ready = false, timer = null;
    function giveUp() {
      if (ready) return;
      window.clearTimeout(timer);
      map.remove();
      box.remove();
    }
    var layer = L.tileLayer(tiles.url, { maxZoom: tiles.max_zoom || 19, attribution: tiles.attribution || "" });
    layer.on("tileload", function () {
      if (ready) return;
      ready = true;
      window.clearTimeout(timer);
      box.classList.add("bsa-lmap--ready");
      drawing.setAttribute("aria-hidden", "true");
      drawing.classList.add("bsa-map--replaced");
    });
    layer.on("tileerror", giveUp);
    timer = window.setTimeout(giveUp, TILE_PATIENCE_MS);
    // The answer's own GeoJSON, numbered as in the list below it (nearest first).
    var geo = L.geoJSON(collection, {
      filter: function (feature) { return places.some(function (p) { return p.feature === feature; }); },
      pointToLayer: function (feature, latlng) {
        var index = places.findIndex(function (p) { return p.feature === feature; });
        var place = places[index];
        var marker = L.marker(latlng, {
          icon: L.divIcon({ className: "bsa-lmap-marker", html: String(index + 1), iconSize: [22, 22] }),
          title: (index + 1) + ". " + place.name, alt: (index + 1) + ". " + place.name, keyboard: false
        });
        if (!place.radius) return marker;
        return L.featureGroup([L.circle(latlng, { radius: place.radius, className: "bsa-lmap-radius" }), marker]);
      }
    });
    // Framed on the points (a circle has no bounds before the map has a view).
    var bounds = L.latLngBounds(places.map(function (p) { return [p.lat, p.lon]; }));
    if (you) {
      var me = L.latLng(you.latitude, you.longitude);
      bounds.extend(me);
      L.circleMarker(me, { radius: 13, className: "bsa-lmap-you", interactive: false }).addTo(map);
    }
    map.fitBounds(bounds.pad(0.15), { maxZoom: 17 });
    geo.addTo(map);
    layer.addTo(map);
  }

  function citationsBlock(citations) {
    var items = (citations || []).map(function (c) {
      var url = c && safeUrl(String(c.url || ""));
      if (!c || !c.label) return null;
      return el("li", null, [url ? link(c.label, url) : c.label]);
    }).filter(Boolean);
    if (!items.length) return null;
    return el("div", { "class": "bsa-sources" }, [el("p", { "class": "bsa-sources-title", text: t("citations_heading") }), el("ul", null, items)]);
  }

  // ---------------------------------------------------------------- transcript rendering
  function bubble(from, content) {
    var who = from === "user" ? t("you_said") : t("assistant_said");
    return el("div", { "class": "bsa-msg bsa-msg--" + from }, [el("span", { "class": "bsa-sr", text: who + " " })].concat(content));
  }

  function renderEntry(entry, isLast) {
    if (entry.from === "user") return [bubble("user", [el("p", { "class": "bsa-text", text: entry.text })])];
    var nodes = [];
    var buttons = [];
    (entry.messages || []).forEach(function (m) {
      var content = [];
      if (m.text) content.push(richText(m.text));
      if (m.image && safeUrl(m.image)) content.push(el("img", { src: safeUrl(m.image), alt: "" }));
      var custom = m.custom || {};
      if (custom.places) content.push(placesBlock(custom.places));
      if (custom.citations) content.push(citationsBlock(custom.citations));
      content = content.filter(Boolean);
      if (content.length) nodes.push(bubble("bot", content));
      (m.buttons || []).forEach(function (b) { if (b && b.title) buttons.push(b); });
      if (custom.request_location && !buttons.some(isLocationButton)) buttons.push({ title: t("share_location_button"), payload: SHARE_LOCATION });
    });
    if (entry.error) nodes.push(bubble("bot", [el("p", { "class": "bsa-text", text: entry.error })]));
    if (entry.answerId) nodes.push(feedbackBlock(entry));
    // Quick replies only under the latest answer: older ones no longer match the conversation.
    if (isLast && buttons.length) {
      nodes.push(el("div", { "class": "bsa-quick", role: "group", "aria-label": t("quick_replies_label") }, buttons.map(function (b) {
        return el("button", { type: "button", "class": "bsa-quick-reply", onclick: function () { onQuickReply(b); } }, [b.title]);
      })));
    }
    return nodes;
  }

  // ---------------------------------------------------------------- 👍/👎 under each answer (issue 14)
  var ROW = "display:flex;flex-wrap:wrap;align-items:center;gap:.4rem;margin:.1rem 0 .6rem;font-size:.85em";
  var SMALL = "font:inherit;padding:.15rem .5rem;border:1px solid #9aa5b1;border-radius:1rem;background:#fff;cursor:pointer";

  function rate(entry, rating, comment) {
    var body = { sender: state.sender, answer_id: entry.answerId, rating: rating };
    if (comment) body.comment = comment.slice(0, COMMENT_MAX);
    return fetch(API_BASE + "/api/v1/feedback", {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body)
    }).then(function (response) { return response.ok; }).catch(function () { return false; });
  }

  function feedbackBlock(entry) {
    var box = el("div", { "class": "bsa-feedback", role: "group", "aria-label": t("feedback_ask"), style: ROW });
    function redraw() { var fresh = feedbackBlock(entry); box.replaceWith(fresh); }
    function choose(rating) {
      rate(entry, rating).then(function (ok) {
        if (!ok) { showError(t("feedback_expired")); return; }
        entry.rating = rating;
        saveState();
        redraw();
        if (rating === "down") { var area = ui.log.querySelector(".bsa-feedback-comment"); if (area) area.focus(); }
      });
    }
    if (entry.commented || entry.rating === "up") {
      box.appendChild(el("span", { "class": "bsa-feedback-thanks", role: "status", text: t(entry.commented ? "feedback_comment_thanks" : "feedback_thanks") }));
      return box;
    }
    if (entry.rating === "down") {
      var id = "bsa-fb-" + entry.answerId;
      var area = el("textarea", { id: id, "class": "bsa-feedback-comment", maxlength: String(COMMENT_MAX), rows: "2",
        style: "flex:1 1 12rem;font:inherit;min-width:0" });
      var sendComment = el("button", { type: "button", "class": "bsa-feedback-send", style: SMALL, text: t("feedback_send"),
        onclick: function () {
          var text = area.value.trim();
          if (!text) return;
          rate(entry, "down", text).then(function (ok) {
            if (!ok) { showError(t("feedback_expired")); return; }
            entry.commented = true;
            saveState();
            redraw();
          });
        } });
      box.appendChild(el("label", { "for": id, text: t("feedback_what_wrong_short") }));
      box.appendChild(area);
      box.appendChild(sendComment);
      return box;
    }
    box.appendChild(el("span", { text: t("feedback_ask") }));
    box.appendChild(el("button", { type: "button", "class": "bsa-feedback-up", style: SMALL, "aria-pressed": "false",
      text: t("feedback_up"), onclick: function () { choose("up"); } }));
    box.appendChild(el("button", { type: "button", "class": "bsa-feedback-down", style: SMALL, "aria-pressed": "false",
      text: t("feedback_down"), onclick: function () { choose("down"); } }));
    return box;
  }

  // ---------------------------------------------------------------- the office's replies (handoff tickets)
  var polling = null;

  function fetchReplies() {
    if (!state.awaitingReplies) return;
    var url = API_BASE + "/api/v1/chat/replies?sender=" + encodeURIComponent(state.sender) +
      "&language=" + encodeURIComponent(state.language);
    fetch(url).then(function (r) { return r.ok ? r.json() : { replies: [] }; }).then(function (body) {
      (body.replies || []).forEach(function (reply) {
        state.awaitingReplies = Math.max(0, state.awaitingReplies - 1);
        appendEntry({ from: "bot", office: true, messages: [{ text: reply.text }] });
      });
      saveState();
    }).catch(function () { /* offline: try again at the next tick */ });
  }

  function startPolling() {
    if (polling) return;
    polling = window.setInterval(fetchReplies, POLL_MS);
    fetchReplies();
  }

  function isLocationButton(b) { return String(b.payload || "").trim() === SHARE_LOCATION; }

  function renderTranscript() {
    ui.log.textContent = "";
    ui.log.appendChild(bubble("bot", [el("p", { "class": "bsa-text", text: t("welcome") })]));
    state.transcript.forEach(function (entry, index) {
      renderEntry(entry, index === state.transcript.length - 1).forEach(function (n) { ui.log.appendChild(n); });
    });
    scrollDown();
  }

  function appendEntry(entry) {
    var stale = ui.log.querySelector(".bsa-quick");
    if (stale) stale.remove();
    state.transcript.push(entry);
    saveState();
    renderEntry(entry, true).forEach(function (n) { ui.log.appendChild(n); });
    scrollDown();
  }

  function scrollDown() {
    ui.log.scrollTop = ui.log.scrollHeight;
  }

  // ---------------------------------------------------------------- talking to the API
  function setBusy(busy) {
    ui.typing.hidden = !busy;
    ui.send.disabled = busy;
    ui.location.disabled = busy;
    ui.log.setAttribute("aria-busy", busy ? "true" : "false");
  }

  function showError(message) {
    ui.errorText.textContent = message;
    ui.error.hidden = false;
  }

  function hideError() { ui.error.hidden = true; }

  // One turn: `shown` is what the citizen sees as their message (null: nothing, e.g. a language switch).
  function send(message, shown) {
    if (shown) appendEntry({ from: "user", text: shown });
    pending = { message: message };
    hideError();
    setBusy(true);
    return fetch(API_BASE + "/api/v1/chat", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ sender: state.sender, message: message, language: state.language })
    }).then(function (response) {
      return response.json().catch(function () { return {}; }).then(function (body) {
        if (!response.ok) throw new Error(body.message || t("unavailable"));
        return body;
      });
    }).then(function (body) {
      pending = null;
      appendEntry({ from: "bot", messages: body.messages || [], answerId: body.answer_id || null });
      if (String(message).indexOf(HANDOFF) === 0) {
        state.awaitingReplies = (state.awaitingReplies || 0) + 1;
        saveState();
        startPolling();
      }
    }).catch(function (error) {
      showError(error && error.message && !/fetch|network/i.test(error.message) ? error.message : t("unavailable"));
    }).then(function () {
      setBusy(false);
    });
  }

  function onSubmit(event) {
    event.preventDefault();
    var text = ui.input.value.trim();
    if (!text || ui.send.disabled) return;
    ui.input.value = "";
    send(text, text);
    ui.input.focus();
  }

  function onQuickReply(button) {
    if (isLocationButton(button)) { shareLocation(); return; }
    send(button.payload, button.title);
    ui.input.focus();
  }

  function shareLocation() {
    if (!navigator.geolocation) { showError(t("location_unsupported")); return; }
    hideError();
    setBusy(true);
    navigator.geolocation.getCurrentPosition(function (position) {
      setBusy(false);
      var where = { latitude: +position.coords.latitude.toFixed(6), longitude: +position.coords.longitude.toFixed(6) };
      state.location = where;
      send(SHARE_LOCATION + JSON.stringify(where), t("location_shared"));
    }, function () {
      setBusy(false);
      showError(t("location_denied"));
    }, { enableHighAccuracy: true, timeout: 15000, maximumAge: 60000 });
  }

  function onLanguageChange() {
    state.language = ui.language.value;
    saveState();
    applyTexts();
    renderTranscript();
    send("/set_language" + JSON.stringify({ language: state.language }), null);
  }

  function newConversation() {
    state.sender = randomId();
    state.awaitingReplies = 0;
    state.transcript = [];
    state.location = null;
    saveState();
    hideError();
    renderTranscript();
    ui.input.focus();
  }

  // ---------------------------------------------------------------- the panel
  function setOpen(open, focus) {
    // Only the floating panel remembers open/closed: a page that holds the chat inline (the home page)
    // must not leave it open, full screen on a phone, on the next page the citizen reads.
    if (!ui.launcher) open = true;
    else { state.open = open; saveState(); }
    ui.panel.hidden = !open;
    if (ui.launcher) {
      ui.launcher.setAttribute("aria-expanded", open ? "true" : "false");
      ui.launcher.hidden = open;
    }
    if (open) { scrollDown(); if (focus) ui.input.focus(); }
    else if (focus && ui.launcher) ui.launcher.focus();
  }

  function applyTexts() {
    ui.root.setAttribute("lang", state.language);
    ui.root.setAttribute("aria-label", t("title"));
    ui.title.textContent = t("title");
    ui.subtitle.textContent = t("subtitle");
    ui.languageLabel.textContent = t("language_label");
    ui.log.setAttribute("aria-label", t("transcript_label"));
    ui.typingText.textContent = t("typing");
    ui.inputLabel.textContent = t("input_label");
    ui.input.setAttribute("placeholder", t("input_placeholder"));
    ui.send.textContent = t("send");
    ui.location.textContent = t("share_location_button");
    ui.retry.textContent = t("retry");
    ui.reset.textContent = t("new_conversation");
    if (ui.close) { ui.close.setAttribute("aria-label", t("close")); ui.close.title = t("close"); }
    if (ui.launcher) ui.launcherText.textContent = t("open");
  }

  function build(container) {
    var floating = !container;
    ui.root = el("aside", { "class": "bsa-root" + (floating ? " bsa-root--floating" : " bsa-root--inline") });
    ui.title = el("h2", { id: "bsa-title", "class": "bsa-title" });
    ui.subtitle = el("p", { "class": "bsa-subtitle" });
    ui.languageLabel = el("label", { "for": "bsa-language" });
    ui.language = el("select", { id: "bsa-language", "class": "bsa-language", onchange: onLanguageChange },
      Object.keys(catalog.languages).map(function (code) {
        return el("option", { value: code, lang: code, text: catalog.languages[code] });
      }));
    ui.reset = el("button", { type: "button", "class": "bsa-reset", onclick: newConversation });
    if (floating) ui.close = el("button", { type: "button", "class": "bsa-close", onclick: function () { setOpen(false, true); } }, ["×"]);
    ui.log = el("div", { id: "bsa-log", "class": "bsa-log", role: "log", "aria-live": "polite", "aria-relevant": "additions", tabindex: "0" });
    ui.typingText = el("span", { "class": "bsa-typing-text" });
    ui.typing = el("div", { "class": "bsa-typing", role: "status", hidden: true }, [
      el("span", { "class": "bsa-dots", "aria-hidden": "true" }, [el("span"), el("span"), el("span")]), ui.typingText]);
    ui.errorText = el("span");
    ui.retry = el("button", { type: "button", "class": "bsa-retry", onclick: function () { if (pending) send(pending.message, null); } });
    ui.error = el("div", { "class": "bsa-error", role: "alert", hidden: true }, [ui.errorText, " ", ui.retry]);
    ui.inputLabel = el("label", { "for": "bsa-input", "class": "bsa-sr" });
    ui.input = el("input", { id: "bsa-input", "class": "bsa-input", type: "text", autocomplete: "off", maxlength: "2000", enterkeyhint: "send" });
    ui.send = el("button", { type: "submit", "class": "bsa-send" });
    ui.location = el("button", { type: "button", "class": "bsa-location", onclick: shareLocation });
    ui.form = el("form", { "class": "bsa-form", onsubmit: onSubmit }, [
      ui.inputLabel, el("div", { "class": "bsa-row" }, [ui.input, ui.send]), ui.location]);
    ui.panel = el("section", { id: "bsa-panel", "class": "bsa-panel", "aria-labelledby": "bsa-title" }, [
      el("header", { "class": "bsa-header" }, [
        el("div", { "class": "bsa-heading" }, [ui.title, ui.subtitle]), ui.close,
        el("div", { "class": "bsa-tools" }, [ui.languageLabel, ui.language, ui.reset])
      ]),
      ui.log, ui.typing, ui.error, ui.form
    ]);
    if (floating) {
      ui.launcherText = el("span");
      ui.launcher = el("button", { type: "button", "class": "bsa-launcher", "aria-controls": "bsa-panel", "aria-expanded": "false",
        onclick: function () { setOpen(true, true); } }, [el("span", { "aria-hidden": "true", text: "💬 " }), ui.launcherText]);
      ui.root.appendChild(ui.launcher);
      ui.root.addEventListener("keydown", function (event) {
        if (event.key === "Escape" && !ui.panel.hidden) setOpen(false, true);
      });
    }
    ui.root.appendChild(ui.panel);
    (container || document.body).appendChild(ui.root);
    ui.language.value = state.language;
    applyTexts();
    renderTranscript();
    setOpen(floating ? state.open : true, false);
  }

  // ---------------------------------------------------------------- start
  function loadTexts() {
    return fetch(API_BASE + "/widget/messages.json").then(function (r) {
      if (!r.ok) throw new Error("texts");
      return r.json();
    }).then(function (texts) {
      try { localStorage.setItem(TEXTS_KEY, JSON.stringify(texts)); } catch (e) { /* ignore */ }
      return texts;
    }).catch(function () {
      // Offline or server down: the last texts seen, so the widget still opens and can say so.
      return JSON.parse(localStorage.getItem(TEXTS_KEY) || "null");
    });
  }

  function start() {
    if (!document.querySelector("link[data-bsa-css]")) {
      document.head.appendChild(el("link", { rel: "stylesheet", href: API_BASE + "/widget/widget.css", "data-bsa-css": "1" }));
    }
    loadTexts().then(function (texts) {
      if (!texts) return; // never loaded: nothing sensible to show
      catalog = texts;
      state = loadState();
      saveState();
      build(data.container ? document.querySelector(data.container) : null);
      if (state.awaitingReplies) startPolling();
      window.dispatchEvent(new CustomEvent("bsa:ready"));
    });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
