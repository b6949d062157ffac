#ifndef PROFDIFF_MODEL_PROPERTY_VALUE_H_
#define PROFDIFF_MODEL_PROPERTY_VALUE_H_

#include <string>
#include <vector>

namespace profdiff {

// The value of an optimization property (any JSON value). It is kept as two flat strings rather
// than a JSON tree, so that arbitrarily nested values never need recursive code to print,
// compare or destroy:
//  - `rendered`: the Java rendering of formats.md §7.1, used for printing and sorting;
//  - `canonical`: a typed encoding in which two values are equal exactly when algorithms.md
//    §9.2 (with the README "Decisions" on object values) calls them equal. Its grammar:
//      n            null            t / f        true / false
//      i<dec>;      int32           l<dec>;      int64
//      d<16 hex>;   double bits (NaN normalised to one pattern)
//      s<len>:<bytes>               string
//      [ ... ]      array of encoded elements
//      {<len>:<key bytes><value> ... }   object, entries in their (first-occurrence) order
//  - `json`: the value as compact JSON for the structured outputs: numbers exactly as the log
//    wrote them, an object's duplicate keys collapsed as for `rendered`.
struct PropertyValue {
  std::string rendered;
  std::string canonical;
  std::string json;
  friend bool operator==(const PropertyValue& a, const PropertyValue& b) {
    return a.canonical == b.canonical;
  }
};

// A key/value pair of an optimization entry other than its name, event and position. The order
// of properties is the order in which the keys first appear in the record.
struct Property {
  std::string key;
  PropertyValue value;
};

using Properties = std::vector<Property>;

}  // namespace profdiff

#endif  // PROFDIFF_MODEL_PROPERTY_VALUE_H_
