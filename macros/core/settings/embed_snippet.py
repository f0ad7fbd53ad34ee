"""The line of script a page embedding a diagram adds beside the iframe, so the iframe takes the
height its content posts (docs/assets/embed.js). The "Embed" control's code and README quote it.

It trusts only a message from the window of one of the page's own iframes, and only a number.
"""

RESIZE_SNIPPET = (
    '<script>addEventListener("message",function(e){var h=e.data&&e.data.gsmEmbedHeight;'
    'if(typeof h=="number"&&h>0&&h<1e5)document.querySelectorAll("iframe").forEach(function(f){'
    "if(f.contentWindow===e.source)f.height=Math.ceil(h)})})</script>"
)
