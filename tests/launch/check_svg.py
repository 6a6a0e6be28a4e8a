#!/usr/bin/env python3
"""check_svg.py FILE CLASS=COUNT ...: the file is well-formed SVG (python's XML parser reads it) and
has COUNT elements of each class, e.g. point=12 segment=5."""
import sys
import xml.etree.ElementTree as ET

root = ET.parse(sys.argv[1]).getroot()
if root.tag != "{http://www.w3.org/2000/svg}svg":
    sys.exit("check_svg: the root is " + root.tag)
for spec in sys.argv[2:]:
    cls, want = spec.split("=")
    got = sum(1 for e in root.iter() if e.get("class") == cls)
    if got != int(want):
        sys.exit("check_svg: %d elements of class %s, expected %s" % (got, cls, want))
print("check_svg: ok")
