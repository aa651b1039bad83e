#version 330
// arcade's sprite_list_geometry_cull_geo.glsl (arcade 3.3), with one change:
// the sprite's depth (in_pos.z) is the height, from the card's top edge, of
// the strip to draw; 0 draws the whole card. See game/ui/table/covered_cards.py.

#include :system:shaders/lib/sprite.glsl

layout (points) in;
layout (triangle_strip, max_vertices = 4) out;

uniform WindowBlock {
    mat4 projection;
    mat4 view;
} window;

uniform sampler2D sprite_texture;
uniform sampler2D uv_texture;
uniform float uv_offset_bias;

in float v_angle[];
in vec4 v_color[];
in vec2 v_size[];
in float v_texture[];

out vec2 gs_uv;
out vec4 gs_color;

void main() {
    vec2 center = gl_in[0].gl_Position.xy;
    float shown = gl_in[0].gl_Position.z;
    vec2 hsize = v_size[0] / 2.0;
    vec2 hsize_max = vec2(max(v_size[0].x, v_size[0].y)) / 1.5;
    float angle = radians(v_angle[0]);
    mat2 rot = mat2(cos(angle), -sin(angle), sin(angle), cos(angle));
    mat4 mvp = window.projection * window.view;
    // Sprites wholly outside the window are skipped.
    vec2 ct = (mvp * vec4(center, 0.0, 1.0)).xy;
    float st = length(hsize_max * vec2(window.projection[0][0], window.projection[1][1]));
    if ((ct.x + st) < -1.0 || (ct.x - st) > 1.0) return;
    if ((ct.y + st) < -1.0 || (ct.y - st) > 1.0) return;

    vec2 uv0, uv1, uv2, uv3;
    getSpriteUVs(uv_texture, int(v_texture[0]), uv0, uv1, uv2, uv3);
    vec2 hp = 0.5 / vec2(textureSize(sprite_texture, 0)) * uv_offset_bias;
    uv0 += hp;
    uv1 += vec2(-hp.x, hp.y);
    uv2 += vec2(hp.x, -hp.y);
    uv3 += -hp;

    // The bottom edge: the card's own, or the strip's (the texture cut alike).
    float bottom = -hsize.y;
    if (shown > 0.0 && shown < v_size[0].y) {
        float t = shown / v_size[0].y;
        uv2 = mix(uv0, uv2, t);
        uv3 = mix(uv1, uv3, t);
        bottom = hsize.y - shown;
    }

    gs_color = v_color[0];
    gl_Position = mvp * vec4(rot * vec2(-hsize.x, hsize.y) + center, 0.0, 1.0);
    gs_uv = uv0;
    EmitVertex();
    gl_Position = mvp * vec4(rot * vec2(-hsize.x, bottom) + center, 0.0, 1.0);
    gs_uv = uv2;
    EmitVertex();
    gl_Position = mvp * vec4(rot * vec2(hsize.x, hsize.y) + center, 0.0, 1.0);
    gs_uv = uv1;
    EmitVertex();
    gl_Position = mvp * vec4(rot * vec2(hsize.x, bottom) + center, 0.0, 1.0);
    gs_uv = uv3;
    EmitVertex();
    EndPrimitive();
}
