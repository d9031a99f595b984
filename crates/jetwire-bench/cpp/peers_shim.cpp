// The C and C++ peers of jetwire-bench, simdjson (C++) and yyjson (C), behind a small C ABI
// that src/cpeers.rs binds.
//
// Conventions:
// - Every function is `extern "C"` and `noexcept`: no C++ exception ever reaches Rust. Functions
//   that can fail return an error code, 0 on success: simdjson's `error_code` (its text from
//   jw_sj_error_message) or yyjson's read or write code (its text through `message`, a static
//   string).
// - Inputs given to simdjson are `len` bytes of JSON at `buf`, with `cap` bytes readable there;
//   `cap` must be at least `len + SIMDJSON_PADDING` (jw_sj_padding). The shim never copies an
//   input to pad it: too short a buffer is INSUFFICIENT_PADDING.
// - Text handed out (`char **out`) is malloc'd and freed with jw_free.
//
// Built as C++17 with NDEBUG and the same SIMDJSON_EXCEPTIONS setting as simdjson.cpp (both
// come from one cc::Build in build.rs).

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <cstdio>
#include <map>
#include <new>
#include <string>
#include <utility>
#include <vector>

#include "simdjson.h"
#include "yyjson.h"  // has its own extern "C" guards

using namespace simdjson;

namespace {

// Runs `body`, turning any exception (std::bad_alloc from a std::string, say) into an error code.
template <class Body>
int guarded(Body body) noexcept {
  try {
    return body();
  } catch (const std::bad_alloc &) {
    return int(MEMALLOC);
  } catch (...) {
    return int(UNEXPECTED_ERROR);
  }
}

bool padded(size_t len, size_t cap) noexcept { return cap >= len && cap - len >= SIMDJSON_PADDING; }

// A malloc'd copy of `text`, for Rust to free with jw_free.
int hand_out(const std::string &text, char **out, size_t *out_len) noexcept {
  char *copy = static_cast<char *>(std::malloc(text.size() + 1));
  if (!copy) return int(MEMALLOC);
  std::memcpy(copy, text.c_str(), text.size() + 1);
  *out = copy;
  *out_len = text.size();
  return 0;
}

// Values in a DOM, counting each object key as a value (yyjson's count, and the Rust side's
// count over its own parse of the text).
uint64_t dom_count(dom::element element) noexcept {
  uint64_t count = 1;
  switch (element.type()) {
    case dom::element_type::ARRAY: {
      // Bound to a local first: iterating a temporary result outlives its scope.
      dom::array array;
      if (element.get_array().get(array)) return count;
      for (dom::element child : array) count += dom_count(child);
      return count;
    }
    case dom::element_type::OBJECT: {
      dom::object object;
      if (element.get_object().get(object)) return count;
      for (dom::key_value_pair member : object) count += 1 + dom_count(member.value);
      return count;
    }
    default:
      return count;  // scalars are already decoded on the tape
  }
}

// Visits every value of an On-Demand document or value, decoding each (strings unescaped,
// numbers parsed): On-Demand is lazy, and what is not visited is neither decoded nor fully
// validated. Counts values as dom_count does; `checksum` sums what was decoded, so that nothing
// can be skipped.
template <class Value>
error_code walk(Value &value, uint64_t &count, uint64_t &checksum) noexcept {
  ondemand::json_type type;
  SIMDJSON_TRY(value.type().get(type));
  count++;
  switch (type) {
    case ondemand::json_type::array: {
      ondemand::array array;
      SIMDJSON_TRY(value.get_array().get(array));
      for (auto element : array) {
        ondemand::value child;
        SIMDJSON_TRY(std::move(element).get(child));
        SIMDJSON_TRY(walk(child, count, checksum));
      }
      return SUCCESS;
    }
    case ondemand::json_type::object: {
      ondemand::object object;
      SIMDJSON_TRY(value.get_object().get(object));
      for (auto member : object) {
        ondemand::field field;
        SIMDJSON_TRY(std::move(member).get(field));
        std::string_view key;
        SIMDJSON_TRY(field.unescaped_key().get(key));
        count++;
        checksum += key.size();
        SIMDJSON_TRY(walk(field.value(), count, checksum));
      }
      return SUCCESS;
    }
    case ondemand::json_type::string: {
      std::string_view text;
      SIMDJSON_TRY(value.get_string().get(text));
      checksum += text.size();
      return SUCCESS;
    }
    case ondemand::json_type::number: {
      ondemand::number number;
      SIMDJSON_TRY(value.get_number().get(number));
      checksum += uint64_t(number.get_number_type());
      return SUCCESS;
    }
    case ondemand::json_type::boolean: {
      bool flag;
      SIMDJSON_TRY(value.get_bool().get(flag));
      checksum += flag;
      return SUCCESS;
    }
    case ondemand::json_type::null: {
      bool is_null;
      SIMDJSON_TRY(value.is_null().get(is_null));
      return is_null ? SUCCESS : INCORRECT_TYPE;
    }
    default:
      return TAPE_ERROR;  // json_type::unknown: not a JSON value
  }
}

// canada.json's model, as the Rust suite's typed read fills it (workloads/corpora.rs): a GeoJSON
// feature collection of polygons.
struct CanadaGeometry {
  std::string type;
  std::vector<std::vector<std::pair<double, double>>> coordinates;
};
struct CanadaFeature {
  std::string type;
  std::map<std::string, std::string> properties;
  CanadaGeometry geometry;
};
struct Canada {
  std::string type;
  std::vector<CanadaFeature> features;
};

// Reads a string into `out`.
template <class Value>
error_code read_string(Value &&value, std::string &out) noexcept {
  std::string_view text;
  SIMDJSON_TRY(std::forward<Value>(value).get_string().get(text));
  out.assign(text.data(), text.size());
  return SUCCESS;
}

// Reads `[x, y]` into a point: exactly two numbers.
error_code read_point(ondemand::value value, std::pair<double, double> &point) noexcept {
  ondemand::array array;
  SIMDJSON_TRY(value.get_array().get(array));
  size_t index = 0;
  for (auto element : array) {
    double number;
    SIMDJSON_TRY(element.get_double().get(number));
    if (index == 0) point.first = number;
    else if (index == 1) point.second = number;
    index++;
  }
  return index == 2 ? SUCCESS : INCORRECT_TYPE;
}

// Reads a geometry. Members come in any order; unknown ones are skipped, as the derive does;
// both known ones must be present.
error_code read_geometry(ondemand::value value, CanadaGeometry &geometry) noexcept {
  ondemand::object object;
  SIMDJSON_TRY(value.get_object().get(object));
  bool has_type = false, has_coordinates = false;
  for (auto member : object) {
    ondemand::field field;
    SIMDJSON_TRY(std::move(member).get(field));
    std::string_view key;
    SIMDJSON_TRY(field.unescaped_key().get(key));
    if (key == "type") {
      SIMDJSON_TRY(read_string(field.value(), geometry.type));
      has_type = true;
    } else if (key == "coordinates") {
      ondemand::array rings;
      SIMDJSON_TRY(field.value().get_array().get(rings));
      for (auto ring_element : rings) {
        ondemand::array points;
        SIMDJSON_TRY(ring_element.get_array().get(points));
        auto &ring = geometry.coordinates.emplace_back();
        for (auto point_element : points) {
          ondemand::value point;
          SIMDJSON_TRY(std::move(point_element).get(point));
          SIMDJSON_TRY(read_point(point, ring.emplace_back()));
        }
      }
      has_coordinates = true;
    }
  }
  return has_type && has_coordinates ? SUCCESS : NO_SUCH_FIELD;
}

error_code read_feature(ondemand::value value, CanadaFeature &feature) noexcept {
  ondemand::object object;
  SIMDJSON_TRY(value.get_object().get(object));
  bool has_type = false, has_properties = false, has_geometry = false;
  for (auto member : object) {
    ondemand::field field;
    SIMDJSON_TRY(std::move(member).get(field));
    std::string_view key;
    SIMDJSON_TRY(field.unescaped_key().get(key));
    if (key == "type") {
      SIMDJSON_TRY(read_string(field.value(), feature.type));
      has_type = true;
    } else if (key == "properties") {
      ondemand::object properties;
      SIMDJSON_TRY(field.value().get_object().get(properties));
      for (auto property : properties) {
        ondemand::field entry;
        SIMDJSON_TRY(std::move(property).get(entry));
        std::string_view name;
        SIMDJSON_TRY(entry.unescaped_key().get(name));
        std::string text;
        SIMDJSON_TRY(read_string(entry.value(), text));
        feature.properties.insert_or_assign(std::string(name), std::move(text));
      }
      has_properties = true;
    } else if (key == "geometry") {
      SIMDJSON_TRY(read_geometry(field.value(), feature.geometry));
      has_geometry = true;
    }
  }
  return has_type && has_properties && has_geometry ? SUCCESS : NO_SUCH_FIELD;
}

error_code read_canada(ondemand::document &document, Canada &canada) noexcept {
  ondemand::object object;
  SIMDJSON_TRY(document.get_object().get(object));
  bool has_type = false, has_features = false;
  for (auto member : object) {
    ondemand::field field;
    SIMDJSON_TRY(std::move(member).get(field));
    std::string_view key;
    SIMDJSON_TRY(field.unescaped_key().get(key));
    if (key == "type") {
      SIMDJSON_TRY(read_string(field.value(), canada.type));
      has_type = true;
    } else if (key == "features") {
      ondemand::array features;
      SIMDJSON_TRY(field.value().get_array().get(features));
      for (auto element : features) {
        ondemand::value feature;
        SIMDJSON_TRY(std::move(element).get(feature));
        SIMDJSON_TRY(read_feature(feature, canada.features.emplace_back()));
      }
      has_features = true;
    }
  }
  if (!(has_type && has_features)) return NO_SUCH_FIELD;
  return document.at_end() ? SUCCESS : TRAILING_CONTENT;
}

// Appends `text` as a JSON string.
void dump_string(std::string &out, const std::string &text) {
  out += '"';
  for (unsigned char byte : text) {
    if (byte == '"' || byte == '\\') {
      out += '\\';
      out += char(byte);
    } else if (byte < 0x20) {
      char escape[8];
      std::snprintf(escape, sizeof escape, "\\u%04x", byte);
      out += escape;
    } else {
      out += char(byte);
    }
  }
  out += '"';
}

// Appends `number` with 17 significant digits, which read back as the same double.
void dump_double(std::string &out, double number) {
  char text[32];
  std::snprintf(text, sizeof text, "%.17g", number);
  out += text;
}

// canada's model as JSON text, for the Rust side to check what was read.
std::string dump_canada(const Canada &canada) {
  std::string out = "{\"type\":";
  dump_string(out, canada.type);
  out += ",\"features\":[";
  for (size_t f = 0; f < canada.features.size(); f++) {
    const CanadaFeature &feature = canada.features[f];
    out += f ? ",{\"type\":" : "{\"type\":";
    dump_string(out, feature.type);
    out += ",\"properties\":{";
    bool first = true;
    for (const auto &[name, text] : feature.properties) {
      if (!first) out += ',';
      first = false;
      dump_string(out, name);
      out += ':';
      dump_string(out, text);
    }
    out += "},\"geometry\":{\"type\":";
    dump_string(out, feature.geometry.type);
    out += ",\"coordinates\":[";
    for (size_t r = 0; r < feature.geometry.coordinates.size(); r++) {
      out += r ? ",[" : "[";
      const auto &ring = feature.geometry.coordinates[r];
      for (size_t p = 0; p < ring.size(); p++) {
        out += p ? ",[" : "[";
        dump_double(out, ring[p].first);
        out += ',';
        dump_double(out, ring[p].second);
        out += ']';
      }
      out += ']';
    }
    out += "]}}";
  }
  out += "]}";
  return out;
}

}  // namespace

// The parsers, opaque to Rust.
struct jw_sj_dom {
  dom::parser parser;
};
struct jw_sj_od {
  ondemand::parser parser;
};

extern "C" {

// ---- common ----

void jw_free(void *text) noexcept { std::free(text); }

// ---- simdjson ----

size_t jw_sj_padding(void) noexcept { return SIMDJSON_PADDING; }

const char *jw_sj_version(void) noexcept { return SIMDJSON_VERSION; }

// Copies the name of a simdjson kernel ("icelake", "haswell", "westmere", "fallback", ...) into
// `out`, at most `cap` bytes and no NUL, and returns its length: the kernel chosen at run time
// for this CPU, which the DOM parser uses, or with `on_demand` the one On-Demand is compiled
// for (the best the compile-time target allows: "fallback" on baseline x86-64 unless built
// with -march=native or the like).
size_t jw_sj_kernel(int on_demand, char *out, size_t cap) noexcept {
  const implementation *active = get_active_implementation();
  const implementation *kernel = on_demand ? builtin_implementation() : active;
  try {
    const std::string name = kernel->name();  // a new string: copy it out before it goes
    std::memcpy(out, name.data(), std::min(name.size(), cap));
    return name.size();
  } catch (...) {
    return 0;
  }
}

const char *jw_sj_error_message(int code) noexcept { return error_message(error_code(code)); }

// Whether `code` means the document is beyond simdjson's limits (an integer beyond 64 bits,
// nesting deeper than 1024) rather than invalid.
int jw_sj_is_limit(int code) noexcept { return code == int(BIGINT_ERROR) || code == int(DEPTH_ERROR); }

jw_sj_dom *jw_sj_dom_new(void) noexcept { return new (std::nothrow) jw_sj_dom(); }

void jw_sj_dom_free(jw_sj_dom *parser) noexcept { delete parser; }

// Parses into the parser's reused DOM (its tape) and nothing else: simdjson's full validation.
int jw_sj_dom_parse(jw_sj_dom *parser, const uint8_t *buf, size_t len, size_t cap) noexcept {
  if (!padded(len, cap)) return int(INSUFFICIENT_PADDING);
  return guarded([&]() -> int { return int(parser->parser.parse(buf, len, false).error()); });
}

// Parses, then counts the DOM's values (see dom_count).
int jw_sj_dom_count(jw_sj_dom *parser, const uint8_t *buf, size_t len, size_t cap,
                    uint64_t *count) noexcept {
  if (!padded(len, cap)) return int(INSUFFICIENT_PADDING);
  return guarded([&]() -> int {
    dom::element root;
    SIMDJSON_TRY(parser->parser.parse(buf, len, false).get(root));
    *count = dom_count(root);
    return 0;
  });
}

// Parses, then writes the DOM as minified JSON text (simdjson's to_string: its doubles are not
// always the shortest spelling, so compare the values, not the bytes).
int jw_sj_dom_to_json(jw_sj_dom *parser, const uint8_t *buf, size_t len, size_t cap, char **out,
                      size_t *out_len) noexcept {
  if (!padded(len, cap)) return int(INSUFFICIENT_PADDING);
  return guarded([&]() -> int {
    dom::element root;
    SIMDJSON_TRY(parser->parser.parse(buf, len, false).get(root));
    return hand_out(simdjson::to_string(root), out, out_len);
  });
}

jw_sj_od *jw_sj_od_new(void) noexcept { return new (std::nothrow) jw_sj_od(); }

void jw_sj_od_free(jw_sj_od *parser) noexcept { delete parser; }

// Iterates the document with On-Demand, visiting every value (see walk); refuses trailing content.
int jw_sj_od_walk(jw_sj_od *parser, const uint8_t *buf, size_t len, size_t cap, uint64_t *count,
                  uint64_t *checksum) noexcept {
  if (!padded(len, cap)) return int(INSUFFICIENT_PADDING);
  return guarded([&]() -> int {
    ondemand::document document;
    SIMDJSON_TRY(parser->parser.iterate(buf, len, cap).get(document));
    uint64_t values = 0, sum = 0;
    // The document itself serves as the root value, scalar roots included.
    SIMDJSON_TRY(walk(document, values, sum));
    if (!document.at_end()) return int(TRAILING_CONTENT);
    *count = values;
    *checksum = sum;
    return 0;
  });
}

// Reads canada.json into its typed model (a new one each call, freed before returning, as a
// typed read's value is), through On-Demand. `features` receives how many features it holds.
int jw_sj_od_canada(jw_sj_od *parser, const uint8_t *buf, size_t len, size_t cap,
                    uint64_t *features) noexcept {
  if (!padded(len, cap)) return int(INSUFFICIENT_PADDING);
  return guarded([&]() -> int {
    ondemand::document document;
    SIMDJSON_TRY(parser->parser.iterate(buf, len, cap).get(document));
    Canada canada;
    SIMDJSON_TRY(read_canada(document, canada));
    *features = canada.features.size();
    return 0;
  });
}

// Reads canada.json as jw_sj_od_canada does, then writes the model it filled as JSON text
// (doubles in 17 significant digits), for checking; free *out with jw_free.
int jw_sj_od_canada_to_json(jw_sj_od *parser, const uint8_t *buf, size_t len, size_t cap,
                            char **out, size_t *out_len) noexcept {
  if (!padded(len, cap)) return int(INSUFFICIENT_PADDING);
  return guarded([&]() -> int {
    ondemand::document document;
    SIMDJSON_TRY(parser->parser.iterate(buf, len, cap).get(document));
    Canada canada;
    SIMDJSON_TRY(read_canada(document, canada));
    return hand_out(dump_canada(canada), out, out_len);
  });
}

// ---- yyjson ----

const char *jw_yy_version(void) noexcept { return YYJSON_VERSION_STRING; }

// Reads `len` bytes of JSON into a new document (yyjson's defaults: RFC 8259, the input left
// untouched). On failure *message is yyjson's static text.
int jw_yy_read(const uint8_t *buf, size_t len, yyjson_doc **doc, const char **message) noexcept {
  yyjson_read_err err;
  // Without YYJSON_READ_INSITU yyjson does not write to its input.
  char *text = const_cast<char *>(reinterpret_cast<const char *>(buf));
  yyjson_doc *read = yyjson_read_opts(text, len, YYJSON_READ_NOFLAG, nullptr, &err);
  if (!read) {
    *message = err.msg;
    return int(err.code);
  }
  *doc = read;
  return 0;
}

void jw_yy_doc_free(yyjson_doc *doc) noexcept { yyjson_doc_free(doc); }

// Values in the document; yyjson counts each object key as a value.
uint64_t jw_yy_value_count(yyjson_doc *doc) noexcept { return yyjson_doc_get_val_count(doc); }

// Writes the document as minified JSON text (yyjson's defaults); free *out with jw_free.
int jw_yy_write(const yyjson_doc *doc, char **out, size_t *out_len, const char **message) noexcept {
  yyjson_write_err err;
  char *text = yyjson_write_opts(doc, YYJSON_WRITE_NOFLAG, nullptr, out_len, &err);
  if (!text) {
    *message = err.msg;
    return int(err.code);
  }
  *out = text;
  return 0;
}

}  // extern "C"
