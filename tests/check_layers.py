#!/usr/bin/env python3
"""Checks that no file of a layer includes a header of a higher layer.

The layers and their order are read from README's "Layout" section, its numbered list
("1. `support` ..."): lowest first, each layer may include its own headers and those of the
layers listed before it, never those of a layer listed after it.

A file's layer is the folder it is in: src/<layer>/... and include/profdiff/<layer>/...; the
headers at the top level of include/profdiff/ are the layer `options` (the options of a run).
An include names its layer the same way: "profdiff/<layer>/..." and "profdiff/<file>.h" for
public headers, "<layer>/..." for the private headers of src/. tests/, fuzz/ and bench/ stand
above every layer and are not checked.

Also fails when a folder of src/ or include/profdiff/ is not a layer of the list (a new folder
must be placed in the order first) or a layer of the list has no folder.

Usage: check_layers.py [ROOT]    (default: the repository this script is in)
       check_layers.py --self-test
"""
import os
import re
import shutil
import sys
import tempfile

TOP_LEVEL_LAYER = 'options'  # include/profdiff/*.h
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')
LAYER_ITEM = re.compile(r'^\d+\.\s+`([a-z]+)`')


def read_layers(root):
    """The numbered list of README's Layout section, in order."""
    layers = []
    in_layout = False
    with open(os.path.join(root, 'README.md'), encoding='utf-8') as readme:
        for line in readme:
            if line.startswith('## '):
                in_layout = line.strip() == '## Layout'
                continue
            if in_layout:
                match = LAYER_ITEM.match(line)
                if match:
                    layers.append(match.group(1))
    return layers


def file_layer(path):
    """The layer of a file given relative to the root, or None when it is not in one."""
    parts = path.split('/')
    if parts[0] == 'src' and len(parts) > 2:
        return parts[1]
    if parts[:2] == ['include', 'profdiff']:
        return parts[2] if len(parts) > 3 else TOP_LEVEL_LAYER
    return None


def include_layer(name, src_folders):
    """The layer of an included header, or None for a header that is not profdiff's."""
    parts = name.split('/')
    if parts[0] == 'profdiff':
        return parts[1] if len(parts) > 2 else TOP_LEVEL_LAYER
    if len(parts) > 1 and parts[0] in src_folders:
        return parts[0]
    return None


def check(root):
    """Returns the problems found, one line each."""
    layers = read_layers(root)
    if not layers:
        return ['README.md: no numbered list of layers in the "## Layout" section']
    rank = {layer: i for i, layer in enumerate(layers)}
    problems = []
    src_folders = sorted(d for d in os.listdir(os.path.join(root, 'src'))
                         if os.path.isdir(os.path.join(root, 'src', d)))
    include_root = os.path.join(root, 'include', 'profdiff')
    include_folders = sorted(d for d in os.listdir(include_root)
                             if os.path.isdir(os.path.join(include_root, d)))
    for folder in src_folders:
        if folder not in rank:
            problems.append(f'src/{folder}/: not a layer of README\'s Layout list {layers}')
    for folder in include_folders:
        if folder not in rank:
            problems.append(
                f'include/profdiff/{folder}/: not a layer of README\'s Layout list {layers}')
    for layer in layers:
        if layer != TOP_LEVEL_LAYER and layer not in src_folders + include_folders:
            problems.append(f'README.md: the layer `{layer}` has no folder in src/ or '
                            'include/profdiff/')
    for base in ('src', 'include'):
        for dirpath, dirnames, filenames in os.walk(os.path.join(root, base)):
            dirnames.sort()
            for filename in sorted(filenames):
                if not filename.endswith(('.cc', '.h', '.in')):
                    continue
                path = os.path.relpath(os.path.join(dirpath, filename), root)
                layer = file_layer(path)
                if layer not in rank:
                    continue  # reported above as a folder that is not a layer
                with open(os.path.join(root, path), encoding='utf-8', errors='replace') as f:
                    for number, line in enumerate(f, 1):
                        match = INCLUDE.match(line)
                        if not match:
                            continue
                        included = include_layer(match.group(1), src_folders)
                        if included is None:
                            continue
                        if included not in rank:
                            problems.append(f'{path}:{number}: includes "{match.group(1)}", '
                                            f'which is in no layer of {layers}')
                        elif rank[included] > rank[layer]:
                            problems.append(
                                f'{path}:{number}: the {layer} layer includes "{match.group(1)}" '
                                f'of the higher {included} layer (order: {" < ".join(layers)})')
    return problems


def self_test():
    """The check fails, naming the file and the include, on a tree with an upward include."""
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    with tempfile.TemporaryDirectory() as tmp:
        for part in ('README.md', 'src', 'include'):
            source = os.path.join(root, part)
            if os.path.isdir(source):
                shutil.copytree(source, os.path.join(tmp, part))
            else:
                shutil.copy(source, os.path.join(tmp, part))
        clean = check(tmp)
        if clean:
            print('self-test: the copy of the tree already fails:', *clean, sep='\n  ')
            return 1
        wrong = os.path.join(tmp, 'src', 'model', 'experiment.cc')
        with open(wrong, 'a', encoding='utf-8') as f:
            f.write('#include "profdiff/output/text_renderer.h"\n')
        found = check(tmp)
        expected = 'src/model/experiment.cc:'
        if len(found) != 1 or not found[0].startswith(expected) or \
                'profdiff/output/text_renderer.h' not in found[0]:
            print('self-test: an upward include in src/model/experiment.cc was reported as',
                  found)
            return 1
        print('self-test: an upward include is reported:', found[0])
    return 0


def main(argv):
    if argv[1:] == ['--self-test']:
        return self_test()
    root = argv[1] if len(argv) > 1 else os.path.dirname(os.path.dirname(
        os.path.abspath(__file__)))
    problems = check(root)
    for problem in problems:
        print(problem)
    if problems:
        print(f'check_layers: {len(problems)} problem(s); README.md "## Layout" lists the '
              'layers, lowest first')
        return 1
    print(f'check_layers: every include of src/ and include/ goes to its own or a lower layer '
          f'({" < ".join(read_layers(root))})')
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
