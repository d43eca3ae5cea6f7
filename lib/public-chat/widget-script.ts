/**
 * The embeddable widget: a script a site adds with one tag, which puts a chat bubble in the page's corner; the bubble
 * opens the chat's own page (/chat/{publicId}?embed=1) in an iframe, so the visitor's conversation lives on
 * Switchboard's origin. Browsers often deny a third-party iframe any storage, so the script keeps the visitor's token
 * in the host page's localStorage: it hands it to the iframe in the fragment and stores each new one the iframe posts
 * (from Switchboard's origin and that iframe only), so a returning visitor sees their conversation
 * (components/public-chat/visitor-tokens.ts). The iframe loads only where the chat's allowed origins say
 * (frame-ancestors). Pure: the script text for one chat.
 */

/** The script's text; it finds Switchboard's address from its own `src`, so it works behind any host name. */
export function widgetScript(publicId: string, title: string): string {
  const config = JSON.stringify({ publicId, title: title || "Chat" });
  return `/* Switchboard public chat widget */
(function () {
  var config = ${config};
  var script = document.currentScript;
  if (!script || document.getElementById("switchboard-chat-" + config.publicId)) return;
  var origin = new URL(script.src).origin;
  var root = document.createElement("div");
  root.id = "switchboard-chat-" + config.publicId;
  root.style.cssText = "position:fixed;right:20px;bottom:20px;z-index:2147483000;font-family:system-ui,sans-serif";
  var frame = document.createElement("iframe");
  frame.title = config.title;
  var key = "switchboard-chat:" + config.publicId;
  var handoff = "host=" + encodeURIComponent(location.origin);
  try {
    var kept = localStorage.getItem(key);
    if (kept) handoff += "&token=" + encodeURIComponent(kept);
  } catch (error) {}
  frame.src = origin + "/chat/" + encodeURIComponent(config.publicId) + "?embed=1#" + handoff;
  frame.setAttribute("data-switchboard-chat", "frame");
  frame.style.cssText = "display:none;width:min(380px,calc(100vw - 40px));height:min(560px,calc(100vh - 110px));" +
    "border:1px solid #d4d4d8;border-radius:14px;box-shadow:0 12px 32px rgba(0,0,0,.18);background:#fff;" +
    "margin-bottom:12px";
  var button = document.createElement("button");
  button.type = "button";
  button.setAttribute("aria-label", "Open " + config.title);
  button.setAttribute("aria-expanded", "false");
  button.setAttribute("data-switchboard-chat", "bubble");
  button.style.cssText = "display:block;margin-left:auto;width:56px;height:56px;border-radius:50%;border:none;" +
    "cursor:pointer;background:#4f46e5;color:#fff;box-shadow:0 6px 18px rgba(79,70,229,.45)";
  button.innerHTML = '<svg width="26" height="26" viewBox="0 0 24 24" fill="none" stroke="currentColor" ' +
    'stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true">' +
    '<path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z"/></svg>';
  button.addEventListener("click", function () {
    var open = frame.style.display === "none";
    frame.style.display = open ? "block" : "none";
    button.setAttribute("aria-expanded", String(open));
    button.setAttribute("aria-label", (open ? "Close " : "Open ") + config.title);
  });
  window.addEventListener("message", function (event) {
    var data = event.data;
    if (event.origin !== origin || event.source !== frame.contentWindow || !data) return;
    if (data.type !== "switchboard-chat:token" || data.publicId !== config.publicId) return;
    try {
      if (typeof data.token === "string") localStorage.setItem(key, data.token);
      else localStorage.removeItem(key);
    } catch (error) {}
  });
  root.appendChild(frame);
  root.appendChild(button);
  (document.body || document.documentElement).appendChild(root);
})();
`;
}
