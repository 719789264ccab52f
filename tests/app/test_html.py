from dicehall.ui.html import attrs, button, markdown, select


def test_text_is_escaped():
    assert "&lt;script&gt;" in button("<script>", "go")
    assert attrs(data_cmd='a"b') == ' data-cmd="a&quot;b"'


def test_attrs_skip_false_and_none():
    assert attrs(disabled=False, title=None, checked=True) == " checked"


def test_select_marks_the_chosen_option():
    html = select("speed", [("fast", "Rapide"), ("slow", "Lente")], "slow")
    assert '<option value="slow" selected>' in html and 'data-cmd="speed"' in html


def test_markdown_subset():
    html = markdown("# Titre\n\nUn **dé** et *un* autre.\n\n- un\n- deux\n\n| a | b |\n|---|---|\n| 1 | 2 |\n")
    assert "<h2>Titre</h2>" in html
    assert "<strong>dé</strong>" in html and "<em>un</em>" in html
    assert "<ul><li>un</li><li>deux</li></ul>" in html
    assert "<th>a</th>" in html and "<td>2</td>" in html
