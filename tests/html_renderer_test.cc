// --format=html (docs/html-report.md): the page's data, read back as the page's script reads
// it: escaping, the string and label tables, tree nodes, pieces, chunks and the size budget.
// The page's behaviour in a browser is tested by tests/browser.

#include "profdiff/output/html_renderer.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include "node_labels.h"
#include "rapidjson/document.h"
#include "rapidjson/stringbuffer.h"
#include "rapidjson/writer.h"
#include "test_util.h"

namespace profdiff::test {
namespace {

// A data element of a page: its kind (data-pd), its other attributes and its JSON text.
struct DataElement {
  std::string kind;
  std::string attributes;
  std::string json;
};

constexpr std::string_view kOpen = "<script type=\"application/json\" data-pd=\"";

std::vector<DataElement> DataElements(const std::string& page) {
  std::vector<DataElement> elements;
  size_t at = 0;
  while ((at = page.find(kOpen, at)) != std::string::npos) {
    size_t kind_end = page.find('"', at + kOpen.size());
    size_t open_end = page.find('>', kind_end);
    size_t end = page.find("</script>", open_end);
    elements.push_back({page.substr(at + kOpen.size(), kind_end - at - kOpen.size()),
                        page.substr(kind_end + 1, open_end - kind_end - 1),
                        page.substr(open_end + 1, end - open_end - 1)});
    at = end;
  }
  return elements;
}

std::string Json(const rapidjson::Value& value) {
  rapidjson::StringBuffer buffer;
  rapidjson::Writer<rapidjson::StringBuffer> writer(buffer);
  value.Accept(writer);
  return std::string(buffer.GetString(), buffer.GetSize());
}

rapidjson::Document Parse(const std::string& json) {
  rapidjson::Document document;
  document.Parse(json.data(), json.size());
  EXPECT_FALSE(document.HasParseError()) << json;
  return document;
}

// The page's tables and records, read as the page's script reads them.
struct PageData {
  std::vector<std::string> strings;
  std::vector<std::string> labels;           // as JSON
  std::vector<std::string> records;          // as JSON
  std::vector<std::string> trees;            // as JSON
  std::vector<std::string> tree_attributes;  // ' data-nodes="<n>"' or ' data-omitted="<n>"'
  size_t string_chunks = 0;
};

PageData ReadPage(const std::string& page) {
  PageData data;
  for (const DataElement& element : DataElements(page)) {
    if (element.kind == "t") {
      data.trees.push_back(element.json);
      data.tree_attributes.push_back(element.attributes);
      continue;
    }
    if (element.kind == "defaults") continue;
    rapidjson::Document document = Parse(element.json);
    EXPECT_TRUE(document.IsArray()) << element.json;
    if (!document.IsArray()) continue;
    if (element.kind == "s") ++data.string_chunks;
    for (const rapidjson::Value& value : document.GetArray()) {
      if (element.kind == "s") {
        data.strings.emplace_back(value.GetString(), value.GetStringLength());
      } else if (element.kind == "l") {
        data.labels.push_back(Json(value));
      } else if (element.kind == "r") {
        data.records.push_back(Json(value));
      }
    }
  }
  return data;
}

// The page's text, its data elements' tags taken out: what is left of the data must hold no
// '<' at all.
std::string DataWithoutTags(const std::string& page) {
  std::string data = page.substr(page.find(kOpen));
  std::string out;
  size_t at = 0;
  while (at < data.size()) {
    if (data.compare(at, kOpen.size(), kOpen) == 0) {
      at = data.find('>', at) + 1;
      continue;
    }
    if (data.compare(at, 9, "</script>") == 0) {
      at += 9;
      continue;
    }
    out.push_back(data[at++]);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Records to render.

struct Trees {
  TreeRecord inlining;
  TreeRecord optimization;
};

void AddNode(TreeRecord& tree, int depth, NodeOp op, NodeLabel left, NodeLabel right = {}) {
  tree.nodes.push_back({depth, op, left, right});
}

// A pair whose inlining delta tree has one node of every operation, and whose optimization
// tree goes deep and comes back.
void MakeTrees(Trees& trees, std::string_view method) {
  trees.inlining.Clear(TreeKind::kInlining, /*is_delta=*/true);
  AddNode(trees.inlining, 0, NodeOp::kIdentity, test::InliningLabel("root", method, -1),
          test::InliningLabel("root", method, -1));
  AddNode(trees.inlining, 1, NodeOp::kRelabel, test::InliningLabel("inlined", "a.B.c()", 3),
          test::InliningLabel("direct", "a.B.c()", 3));
  AddNode(trees.inlining, 2, NodeOp::kInsert, {}, test::InliningLabel("inlined", "a.B.d()", 7));
  AddNode(trees.inlining, 1, NodeOp::kDelete, test::InliningLabel("inlined", "a.B.e()", 9));
  trees.inlining.counts = {1, 1, 1, 1};
  trees.optimization.Clear(TreeKind::kOptimization, /*is_delta=*/true);
  AddNode(trees.optimization, 0, NodeOp::kIdentity, test::PhaseLabel("RootPhase"),
          test::PhaseLabel("RootPhase"));
  AddNode(trees.optimization, 1, NodeOp::kIdentity, test::PhaseLabel("HighTier"),
          test::PhaseLabel("HighTier"));
  AddNode(trees.optimization, 2, NodeOp::kDelete, test::PhaseLabel("LoopPeelingPhase"));
  AddNode(trees.optimization, 1, NodeOp::kInsert, {}, test::PhaseLabel("LowTier"));
  trees.optimization.counts = {2, 1, 1, 0};
}

HeaderRecord Header() { return HeaderRecord{"jit-vs-jit", {"a", "b", "c", "d"}, Options{}}; }

PairRecord Pair(std::string_view method, const Trees& trees) {
  PairRecord pair;
  pair.method = method;
  pair.first.experiment = 1;
  pair.first.id = "1";
  pair.second.experiment = 2;
  pair.second.id = "2";
  pair.inlining = &trees.inlining;
  pair.optimization = &trees.optimization;
  return pair;
}

MethodRecord Method(int64_t index, std::string_view name) {
  MethodRecord method;
  method.index = index;
  method.name = name;
  method.experiments.resize(2);
  method.experiments[1].experiment = 2;
  return method;
}

// Decodes a tree of the page into lines "<depth> <op> <left label> | <right label>".
std::vector<std::string> DecodeTree(const PageData& data, const std::string& tree_json,
                                    const char* kind) {
  rapidjson::Document document = Parse(tree_json);
  std::vector<std::string> lines;
  const rapidjson::Value& flat = document[kind];
  int depth = 0;
  static const char* const kOps[] = {"identity", "identity", "insert", "delete", "relabel"};
  for (rapidjson::SizeType i = 0; i < flat.Size();) {
    const int step = flat[i++].GetInt();
    const int code = ((step % 5) + 5) % 5;
    depth += (step - code) / 5;
    std::string left = data.labels.at(flat[i++].GetInt());
    std::string right = left;
    if (code == 1 || code == 4) right = data.labels.at(flat[i++].GetInt());
    if (code == 2) left = "";
    if (code == 3) right = "";
    lines.push_back(std::to_string(depth) + " " + kOps[code] + " " + left + " | " + right);
  }
  return lines;
}

// A label of the page with its strings filled in ("[0,\"root\",\"m\",-1,0,0]").
std::string Resolved(const PageData& data, const std::string& label) {
  rapidjson::Document document = Parse(label);
  std::string out = "[" + std::to_string(document[0].GetInt());
  for (rapidjson::SizeType i = 1; i < document.Size(); ++i) {
    const rapidjson::Value& v = document[i];
    out += ",";
    // Strings are the label's second field on (for inlining: callsite, method); numbers that
    // are not references are bcis and flags.
    if (v.IsInt() && v.GetInt() >= 0 && i <= 2) {
      out += data.strings.at(v.GetInt());
    } else {
      out += Json(v);
    }
  }
  return out + "]";
}

std::string RenderPage(const std::vector<std::pair<std::string, Trees*>>& methods,
                       bool through_pieces) {
  std::string page;
  HtmlRenderer renderer(&page, nullptr);
  renderer.Header(Header());
  for (size_t i = 0; i < methods.size(); ++i) {
    const std::string& name = methods[i].first;
    if (!through_pieces) {
      renderer.Method(Method(static_cast<int64_t>(i), name));
      renderer.Pair(Pair(name, *methods[i].second));
      continue;
    }
    // As the commands do on worker threads: each piece rendered into a string of its own.
    std::string head, pair;
    renderer.NewPiece(&head)->Method(Method(static_cast<int64_t>(i), name));
    renderer.NewPiece(&pair)->Pair(Pair(name, *methods[i].second));
    renderer.WritePiece(head);
    renderer.WritePiece(pair);
  }
  renderer.End(EndRecord{});
  return page;
}

TEST(HtmlRendererTest, OnePageThatRequestsNothing) {
  Trees trees;
  MakeTrees(trees, "a.B.m()");
  std::string page = RenderPage({{"a.B.m()", &trees}}, false);
  EXPECT_TRUE(page.starts_with("<!DOCTYPE html>\n")) << page.substr(0, 100);
  EXPECT_NE(page.find("Content-Security-Policy\" content=\"default-src 'none';"),
            std::string::npos);
  EXPECT_EQ(page.find("://"), std::string::npos) << "a URL in the page";
  EXPECT_EQ(page.find("<link"), std::string::npos);
  EXPECT_EQ(page.find(" src="), std::string::npos);
  // The page's own script cannot end early or hide what follows it.
  const std::string_view prologue = std::string_view(page).substr(0, page.find(kOpen));
  const size_t script = prologue.find("<script nonce=");
  const std::string_view own = prologue.substr(script + 1, prologue.find("</script>") - script);
  EXPECT_EQ(own.find("<script"), std::string::npos);
  EXPECT_EQ(own.find("<!--"), std::string::npos);
  // One script runs: the page's own; every other script element holds JSON data.
  size_t scripts = 0;
  for (size_t at = 0; (at = page.find("<script", at)) != std::string::npos; ++at) ++scripts;
  EXPECT_EQ(scripts, DataElements(page).size() + 1);
  EXPECT_NE(page.find("<script nonce=\"profdiff\">"), std::string::npos);
}

TEST(HtmlRendererTest, RecordsAreTheJsonRecordsWithoutTheirNodes) {
  Trees trees;
  MakeTrees(trees, "a.B.m()");
  PageData data = ReadPage(RenderPage({{"a.B.m()", &trees}}, false));
  ASSERT_EQ(data.records.size(), 4u);
  EXPECT_NE(data.records[0].find("\"type\":\"header\""), std::string::npos);
  EXPECT_NE(data.records[1].find("\"type\":\"method\""), std::string::npos);
  EXPECT_NE(data.records[2].find("\"type\":\"pair\""), std::string::npos);
  EXPECT_NE(
      data.records[2].find("\"counts\":{\"identity\":1,\"insert\":1,\"delete\":1,\"relabel\":1}"),
      std::string::npos)
      << data.records[2];
  EXPECT_NE(data.records[2].find("\"nodes\":[]"), std::string::npos);
  EXPECT_NE(data.records[3].find("\"type\":\"end\""), std::string::npos);
  ASSERT_EQ(data.trees.size(), 1u);
}

TEST(HtmlRendererTest, TreeNodesReadBackWithTheirDepthsOperationsAndLabels) {
  Trees trees;
  MakeTrees(trees, "a.B.m()");
  // An identity whose sides differ (their reasons do) keeps both labels.
  NodeLabel with_reasons = test::InliningLabel("inlined", "a.B.f()", 11);
  trees.inlining.reasons = {"small enough"};
  with_reasons.reasons_shown = true;
  with_reasons.reasons = {0, 1};
  AddNode(trees.inlining, 1, NodeOp::kIdentity, test::InliningLabel("inlined", "a.B.f()", 11),
          with_reasons);
  PageData data = ReadPage(RenderPage({{"a.B.m()", &trees}}, false));
  ASSERT_EQ(data.trees.size(), 1u);
  std::vector<std::string> inlining;
  for (const std::string& line : DecodeTree(data, data.trees[0], "inlining")) {
    inlining.push_back(line);
  }
  ASSERT_EQ(inlining.size(), 5u);
  EXPECT_TRUE(inlining[0].starts_with("0 identity [0,")) << inlining[0];
  EXPECT_TRUE(inlining[1].starts_with("1 relabel ")) << inlining[1];
  EXPECT_TRUE(inlining[2].starts_with("2 insert  | ")) << inlining[2];
  EXPECT_TRUE(inlining[3].starts_with("1 delete ")) << inlining[3];
  EXPECT_TRUE(inlining[3].ends_with(" | ")) << inlining[3];
  EXPECT_TRUE(inlining[4].starts_with("1 identity ")) << inlining[4];
  // The relabelled node's sides, with their strings.
  rapidjson::Document tree = Parse(data.trees[0]);
  const rapidjson::Value& flat = tree["inlining"];
  // Nodes: [0,0,root] [1,4,l,r] [1,2,r] [-1,3,l] [0,1,l,r].
  // Nodes: [0*5+0, root] [1*5+4, l, r] [1*5+2, r] [-1*5+3, l] [0*5+1, l, r].
  ASSERT_EQ(Json(flat).substr(0, 6), "[0,0,9");
  EXPECT_EQ(flat[2].GetInt(), 9);  // one deeper, relabelled
  EXPECT_EQ(Resolved(data, data.labels.at(flat[3].GetInt())), "[0,inlined,a.B.c(),3,0,0]");
  EXPECT_EQ(Resolved(data, data.labels.at(flat[4].GetInt())), "[0,direct,a.B.c(),3,0,0]");
  EXPECT_EQ(flat[5].GetInt(), 7);                           // one deeper, inserted
  EXPECT_EQ(flat[7].GetInt(), -2);                          // one up, deleted
  EXPECT_EQ(data.tree_attributes[0], " data-nodes=\"9\"");  // 5 + 4 nodes
  const std::string& reasons_label = data.labels.at(flat[flat.Size() - 1].GetInt());
  const int reason = Parse(reasons_label)[4][0].GetInt();
  EXPECT_EQ(data.strings.at(reason), "small enough");
  std::vector<std::string> optimization = DecodeTree(data, data.trees[0], "optimization");
  ASSERT_EQ(optimization.size(), 4u);
  EXPECT_TRUE(optimization[2].starts_with("2 delete ")) << optimization[2];
  EXPECT_TRUE(optimization[3].starts_with("1 insert ")) << optimization[3];
}

TEST(HtmlRendererTest, StringsAndLabelsAreStoredOnce) {
  Trees first, second;
  MakeTrees(first, "a.B.m()");
  MakeTrees(second, "a.B.m()");
  std::string page = RenderPage({{"a.B.m()", &first}, {"a.B.n()", &second}}, false);
  PageData data = ReadPage(page);
  std::map<std::string, int> times;
  for (const std::string& s : data.strings) ++times[s];
  for (const auto& [text, n] : times) EXPECT_EQ(n, 1) << text;
  EXPECT_EQ(times.count("RootPhase"), 1u);
  std::map<std::string, int> label_times;
  for (const std::string& l : data.labels) ++label_times[l];
  for (const auto& [label, n] : label_times) EXPECT_EQ(n, 1) << label;
  ASSERT_EQ(data.trees.size(), 2u);
  EXPECT_EQ(data.trees[0], data.trees[1]);  // the same labels, the same numbers
}

TEST(HtmlRendererTest, PiecesFromWorkerThreadsGiveTheSamePage) {
  Trees first, second, third;
  MakeTrees(first, "a.B.m()");
  MakeTrees(second, "a.B.n()");
  MakeTrees(third, "a.B.m()");
  std::vector<std::pair<std::string, Trees*>> methods{
      {"a.B.m()", &first}, {"a.B.n()", &second}, {"c.D.m()", &third}};
  EXPECT_EQ(RenderPage(methods, true), RenderPage(methods, false));
}

TEST(HtmlRendererTest, InputCannotEndTheScriptElement) {
  const std::string hostile =
      "</script><img src=x onerror=alert(1)><!--<script>\xe2\x80\xa8\xe2\x80\xa9\"'&"
      "\xf0\x9f\x98\x80";
  const std::string upper = "</SCRIPT ><svg onload=alert(2)>";
  Trees trees;
  MakeTrees(trees, hostile);
  trees.optimization.nodes[2].left.name = upper;
  std::string page = RenderPage({{hostile, &trees}}, false);
  const std::string data_text = DataWithoutTags(page);
  EXPECT_EQ(data_text.find('<'), std::string::npos) << data_text;
  EXPECT_EQ(data_text.find("\xe2\x80\xa8"), std::string::npos);
  EXPECT_EQ(data_text.find("\xe2\x80\xa9"), std::string::npos);
  PageData data = ReadPage(page);
  EXPECT_NE(std::find(data.strings.begin(), data.strings.end(), hostile), data.strings.end());
  EXPECT_NE(std::find(data.strings.begin(), data.strings.end(), upper), data.strings.end());
  bool in_method_record = false;
  for (const std::string& record : data.records) {
    rapidjson::Document document = Parse(record);
    if (document.HasMember("method") && document["method"].IsString() &&
        document["method"].GetString() == hostile) {
      in_method_record = true;
    }
  }
  EXPECT_TRUE(in_method_record);
}

TEST(HtmlRendererTest, ChunksStayBoundedAndNumberOnAcrossChunks) {
  std::string page;
  HtmlRenderer renderer(&page, nullptr);
  renderer.Header(Header());
  std::vector<std::string> names;
  for (int i = 0; i < 20000; ++i) names.push_back("method.number" + std::to_string(i) + "()");
  Trees trees;
  for (int i = 0; i < 20000; ++i) {
    MakeTrees(trees, names[i]);
    renderer.Method(Method(i, names[i]));
    renderer.Pair(Pair(names[i], trees));
  }
  renderer.End(EndRecord{});
  for (const DataElement& element : DataElements(page)) {
    if (element.kind == "t") continue;
    EXPECT_LT(element.json.size(), HtmlRenderer::kChunkBytes + 1000) << element.kind;
  }
  PageData data = ReadPage(page);
  EXPECT_GT(data.string_chunks, 3u);
  ASSERT_EQ(data.trees.size(), 20000u);
  // The last pair's root is its own method, numbered in a late chunk.
  rapidjson::Document tree = Parse(data.trees.back());
  const std::string& root = data.labels.at(tree["inlining"][1].GetInt());
  EXPECT_EQ(data.strings.at(Parse(root)[2].GetInt()), names.back());
}

TEST(HtmlRendererTest, FlushWithoutEndLeavesAPageThatReads) {
  std::string page;
  HtmlRenderer renderer(&page, nullptr);
  renderer.Header(Header());
  Trees trees;
  MakeTrees(trees, "a.B.m()");
  renderer.Method(Method(0, "a.B.m()"));
  renderer.Pair(Pair("a.B.m()", trees));
  renderer.Flush();  // e.g. render of a stream without an end record
  EXPECT_TRUE(page.ends_with("</script>\n"));
  PageData data = ReadPage(page);
  EXPECT_EQ(data.records.size(), 3u);
  EXPECT_EQ(DecodeTree(data, data.trees[0], "inlining").size(), 4u);
}

TEST(HtmlRendererTest, PastItsBudgetThePageLeavesTreesOutAndSaysSo) {
  std::FILE* warnings = std::tmpfile();
  ASSERT_NE(warnings, nullptr);
  // The budgets count the page frame (style and script, about 75 kB) too: measured as the page
  // of a stream without methods, so that they follow the script as it grows (they were 64707 and
  // 74707 bytes when that page was 75115 bytes).
  std::string frame;
  {
    HtmlRenderer empty(&frame, nullptr);
    empty.Header(Header());
    empty.End(EndRecord{});
  }
  const uint64_t base = frame.size();
  ASSERT_GT(base, 10408u);
  std::string page;
  {
    HtmlRenderer renderer(&page, warnings, HtmlPageBudget{base - 10408, base - 408});
    renderer.Header(Header());
    Trees trees;
    for (int i = 0; i < 200; ++i) {
      std::string name = "a.B.m" + std::to_string(i) + "()";
      MakeTrees(trees, name);
      renderer.Method(Method(i, name));
      renderer.Pair(Pair(name, trees));
    }
    renderer.End(EndRecord{});
  }
  PageData data = ReadPage(page);
  ASSERT_EQ(data.trees.size(), 200u);
  EXPECT_NE(data.trees.front(), "{\"omitted\":true}");
  EXPECT_EQ(data.trees.back(), "{\"omitted\":true}");
  EXPECT_EQ(data.tree_attributes.back(), " data-omitted=\"8\"");
  EXPECT_EQ(data.records.size(), 1u + 2 * 200 + 1);  // every pair stays listed
  // The strings of trees left out are not in the page (nor kept by the renderer).
  EXPECT_EQ(std::count(data.strings.begin(), data.strings.end(), "a.B.m199()"), 0);
  EXPECT_EQ(std::count(data.strings.begin(), data.strings.end(), "a.B.m0()"), 1);
  std::rewind(warnings);
  std::string err(4096, '\0');
  err.resize(std::fread(err.data(), 1, err.size(), warnings));
  std::fclose(warnings);
  EXPECT_NE(err.find("Warning: the HTML page is over 0 MiB"), std::string::npos) << err;
  EXPECT_NE(err.find("Warning: the HTML page reached its size budget"), std::string::npos) << err;
}

// ---------------------------------------------------------------------------------------------
// jit-vs-jit-runs: a method record with the numbers of its differences, the differences in its
// tree element.

HeaderRecord RunsHeader(bool show_noise) {
  RunsOptions runs;
  runs.show_noise = show_noise;
  return HeaderRecord{"jit-vs-jit-runs", {}, Options{}, runs};
}

PathStepRecord CallSiteStep(std::string_view method, int32_t bci) {
  PathStepRecord step;
  step.name = method;
  step.bci = bci;
  return step;
}

PathStepRecord PhaseStep(std::string_view name) {
  PathStepRecord step;
  step.phase = true;
  step.name = name;
  return step;
}

// A compared method: a stable inserted call site two call sites deep, a stable deleted
// optimization under two phases, and a noise relabelled call site.
RunsMethodRecord RunsMethod(int64_t index, std::string_view name) {
  RunsMethodRecord record;
  record.index = index;
  record.name = name;
  for (int e = 1; e <= 2; ++e) {
    ShareStatsRecord hotness;
    hotness.experiment = e;
    hotness.runs = 3;
    hotness.hot_runs = 3;
    hotness.compiled_runs = 3;
    hotness.mean = 0.25;
    hotness.stddev = 0.01;
    hotness.min = 0.24;
    hotness.max = 0.26;
    record.hotness.push_back(hotness);
  }
  record.compared = true;
  record.cross_pairs = 9;
  record.within_pairs = 6;
  record.path_steps = {CallSiteStep("a.B.c()", 3), CallSiteStep("a.B.d()", 7),
                       PhaseStep("HighTier"), PhaseStep("LoopPeelingPhase"),
                       CallSiteStep("a.B.e()", 9)};
  DifferenceRecord insert;
  insert.tree = TreeKind::kInlining;
  insert.node.op = NodeOp::kInsert;
  insert.node.right = test::InliningLabel("direct", "a.B.d()", 7);
  insert.path = {0, 2};
  insert.cross = 9;
  insert.cross_pairs = 9;
  insert.within_pairs = 6;
  DifferenceRecord remove;
  remove.tree = TreeKind::kOptimization;
  remove.node.op = NodeOp::kDelete;
  remove.node.left.kind = LabelKind::kOptimization;
  remove.node.left.name = "LoopPeeling";
  remove.node.left.event = "Peeled";
  remove.path = {2, 4};
  remove.cross = 8;
  remove.cross_pairs = 9;
  remove.within = 1;
  remove.within_pairs = 6;
  DifferenceRecord noise;
  noise.tree = TreeKind::kInlining;
  noise.node.op = NodeOp::kRelabel;
  noise.node.left = test::InliningLabel("inlined", "a.B.e()", 9);
  noise.node.right = test::InliningLabel("direct", "a.B.e()", 9);
  noise.path = {4, 5};
  noise.cross = 3;
  noise.cross_pairs = 9;
  noise.within = 2;
  noise.within_pairs = 6;
  record.stable = {insert, remove};
  record.noise = {noise};
  return record;
}

std::string RenderRunsPage(bool show_noise, bool through_pieces,
                           const std::vector<std::string>& names = {"a.B.m()"}) {
  std::string page;
  HtmlRenderer renderer(&page, nullptr);
  renderer.Header(RunsHeader(show_noise));
  for (size_t i = 0; i < names.size(); ++i) {
    RunsMethodRecord record = RunsMethod(static_cast<int64_t>(i), names[i]);
    if (!through_pieces) {
      renderer.RunsMethod(record);
      continue;
    }
    std::string piece;
    renderer.NewPiece(&piece)->RunsMethod(record);
    renderer.WritePiece(piece);
  }
  EndRecord end;
  end.runs = RunsTotalsRecord{1, 2, 1, 0};
  renderer.End(end);
  return page;
}

// A difference of the page as "<tree> <op> <path> | <left> | <right> | <support>", its strings
// and labels filled in.
std::string DecodeDifference(const PageData& data, const rapidjson::Value& d) {
  std::string out = std::to_string(d[0].GetInt()) + " " + std::to_string(d[1].GetInt()) + " ";
  for (const rapidjson::Value& step : d[2].GetArray()) {
    if (step.IsInt()) {
      out += data.strings.at(step.GetInt()) + "/";
    } else {
      out += (step[0].GetInt() == -1 ? std::string("?") : data.strings.at(step[0].GetInt())) + "@" +
             std::to_string(step[1].GetInt()) + "/";
    }
  }
  for (int side : {3, 4}) {
    out += " | ";
    if (d[side].GetInt() != -1) out += Resolved(data, data.labels.at(d[side].GetInt()));
  }
  out += " |";
  for (int i = 5; i < 9; ++i) out += " " + std::to_string(d[i].GetInt());
  return out;
}

TEST(HtmlRendererTest, RunsMethodsCarryTheirDifferencesInTheirTreeElement) {
  PageData data = ReadPage(RenderRunsPage(/*show_noise=*/false, false));
  ASSERT_EQ(data.records.size(), 3u);
  rapidjson::Document method = Parse(data.records[1]);
  EXPECT_STREQ(method["type"].GetString(), "method");
  EXPECT_STREQ(method["method"].GetString(), "a.B.m()");
  ASSERT_TRUE(method["hotness"].IsArray());
  EXPECT_EQ(method["hotness"].Size(), 2u);
  EXPECT_TRUE(method["compared"].GetBool());
  EXPECT_EQ(method["pairs"]["cross"].GetInt(), 9);
  // The numbers of the differences, whether or not they are listed.
  EXPECT_EQ(method["stable_differences"].GetInt(), 2);
  EXPECT_EQ(method["noise_differences"].GetInt(), 1);
  rapidjson::Document end = Parse(data.records[2]);
  EXPECT_EQ(end["runs"]["stable"].GetInt(), 2);
  // Without --show-noise, only the stable differences are in the page, as in the text.
  ASSERT_EQ(data.trees.size(), 1u);
  EXPECT_EQ(data.tree_attributes[0], " data-nodes=\"2\"");
  rapidjson::Document tree = Parse(data.trees[0]);
  EXPECT_FALSE(tree.HasMember("noise"));
  ASSERT_EQ(tree["stable"].Size(), 2u);
  EXPECT_EQ(DecodeDifference(data, tree["stable"][0]),
            "0 2 a.B.c()@3/a.B.d()@7/ |  | [0,direct,a.B.d(),7,0,0] | 9 9 0 6");
  EXPECT_EQ(DecodeDifference(data, tree["stable"][1]),
            "1 3 HighTier/LoopPeelingPhase/ | [2,LoopPeeling,Peeled,-1,[],[]] |  | 8 9 1 6");
}

TEST(HtmlRendererTest, RunsNoiseIsListedWithShowNoise) {
  PageData data = ReadPage(RenderRunsPage(/*show_noise=*/true, false));
  ASSERT_EQ(data.trees.size(), 1u);
  EXPECT_EQ(data.tree_attributes[0], " data-nodes=\"3\"");
  rapidjson::Document tree = Parse(data.trees[0]);
  ASSERT_TRUE(tree.HasMember("noise"));
  ASSERT_EQ(tree["noise"].Size(), 1u);
  EXPECT_EQ(DecodeDifference(data, tree["noise"][0]),
            "0 4 a.B.e()@9/ | [0,inlined,a.B.e(),9,0,0] | [0,direct,a.B.e(),9,0,0] | 3 9 2 6");
}

TEST(HtmlRendererTest, RunsPiecesFromWorkerThreadsGiveTheSamePage) {
  const std::vector<std::string> names = {"a.B.m()", "a.B.n()", "c.D.m()"};
  for (bool show_noise : {false, true}) {
    EXPECT_EQ(RenderRunsPage(show_noise, true, names), RenderRunsPage(show_noise, false, names))
        << "show_noise " << show_noise;
  }
}

TEST(HtmlRendererTest, RunsInputCannotEndTheScriptElement) {
  const std::string hostile = "</script><img src=x onerror=alert(1)><!--\xe2\x80\xa8\"'&";
  const std::string page = RenderRunsPage(true, false, {hostile});
  const std::string data_text = DataWithoutTags(page);
  EXPECT_EQ(data_text.find('<'), std::string::npos) << data_text;
  EXPECT_EQ(data_text.find("\xe2\x80\xa8"), std::string::npos);
  PageData data = ReadPage(page);
  EXPECT_EQ(Parse(data.records[1])["method"].GetString(), hostile);
}

// ---------------------------------------------------------------------------------------------
// The command line.

TEST(HtmlCommandLineTest, EveryCommandAndRenderWriteAPage) {
  const std::string jit = test::SourceDir() + "/fixtures/jit-example";
  RunResult run = RunProfdiff({"jit-vs-jit", jit + "/exp1/log", jit + "/exp1/prof.json",
                               jit + "/exp2/log", jit + "/exp2/prof.json", "--format=html"});
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.err, "");
  EXPECT_TRUE(run.out.starts_with("<!DOCTYPE html>"));
  PageData data = ReadPage(run.out);
  EXPECT_EQ(data.trees.size(), 2u);
  EXPECT_NE(data.records.back().find("\"type\":\"end\""), std::string::npos);

  RunResult report = RunProfdiff({"--format", "html", "report", jit + "/exp1/log"});
  ASSERT_EQ(report.exit_code, 0) << report.err;
  EXPECT_FALSE(ReadPage(report.out).trees.empty());

  TempDir dir;
  RunResult json = RunProfdiff({"jit-vs-jit", jit + "/exp1/log", jit + "/exp1/prof.json",
                                jit + "/exp2/log", jit + "/exp2/prof.json", "--format=json"});
  ASSERT_EQ(json.exit_code, 0);
  RunResult rendered = RunProfdiff({"render", dir.Write("run.jsonl", json.out), "--format=html"});
  ASSERT_EQ(rendered.exit_code, 0) << rendered.err;
  PageData again = ReadPage(rendered.out);
  EXPECT_EQ(again.trees, data.trees);
  EXPECT_EQ(again.strings, data.strings);
  EXPECT_EQ(again.labels, data.labels);
}

TEST(HtmlCommandLineTest, RunsPageAndRenderOfItsStreamAreTheSame) {
  const std::string jit = test::SourceDir() + "/fixtures/jit-example";
  const std::vector<std::string> runs = {"jit-vs-jit-runs",
                                         "--exp1",
                                         jit + "/exp1/log",
                                         jit + "/exp1/prof.json",
                                         jit + "/exp1/log",
                                         jit + "/exp1/prof.json",
                                         "--exp2",
                                         jit + "/exp2/log",
                                         jit + "/exp2/prof.json",
                                         jit + "/exp2/log",
                                         jit + "/exp2/prof.json",
                                         "--show-noise=true"};
  std::vector<std::string> html_args = runs;
  html_args.push_back("--format=html");
  RunResult run = RunProfdiff(html_args);
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.err, "");
  PageData data = ReadPage(run.out);
  size_t methods = 0;
  for (const std::string& record : data.records) {
    rapidjson::Document document = Parse(record);
    if (std::string_view(document["type"].GetString()) != "method") continue;
    ++methods;
    EXPECT_TRUE(document["stable_differences"].IsInt()) << record;
  }
  EXPECT_GT(methods, 0u);
  EXPECT_EQ(data.trees.size(), methods);  // a tree element per method record
  std::vector<std::string> json_args = runs;
  json_args.push_back("--format=json");
  RunResult json = RunProfdiff(json_args);
  ASSERT_EQ(json.exit_code, 0);
  TempDir dir;
  RunResult rendered = RunProfdiff({"render", dir.Write("runs.jsonl", json.out), "--format=html"});
  ASSERT_EQ(rendered.exit_code, 0) << rendered.err;
  // The same page but for the header's own "format" option.
  std::string page = rendered.out;
  const size_t format = page.find("\"format\":\"json\"");
  ASSERT_NE(format, std::string::npos);
  page.replace(format, 15, "\"format\":\"html\"");
  EXPECT_EQ(page, run.out);
}

TEST(HtmlCommandLineTest, RenderOfABadFileWritesNoPage) {
  // As in JSON, a run that fails before its first record writes nothing on stdout.
  TempDir dir;
  const std::string path = dir.Write("bad.jsonl", "not json\n");
  RunResult run = RunProfdiff({"render", path, "--format=html"});
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_EQ(run.out, "");
  EXPECT_NE(run.err.find(path + ":1:"), std::string::npos) << run.err;
}

TEST(HtmlCommandLineTest, AFailedRunEndsThePageWithItsError) {
  const std::string jit = test::SourceDir() + "/fixtures/jit-example";
  const std::string aot = test::SourceDir() + "/fixtures/aot-example";
  RunResult run = RunProfdiff({"jit-vs-jit", jit + "/exp1/log", jit + "/exp1/prof.json",
                               jit + "/exp2/log", aot + "/exp2/prof.json", "--format=html"});
  EXPECT_EQ(run.exit_code, 1);  // experiment 2's profile is of the wrong kind (AOT)
  EXPECT_NE(run.err.find("experiment 2"), std::string::npos) << run.err;
  PageData data = ReadPage(run.out);
  ASSERT_FALSE(data.records.empty());
  EXPECT_NE(data.records.back().find("\"type\":\"error\""), std::string::npos);
}

}  // namespace
}  // namespace profdiff::test
