"""Figures of a change from one value to another (app/domain/derived.py, app/domain/steps.py):

- a multiple after a change "from A to B" is B over A: "由 310 涨到 5120，约 16.5 倍", "from 310 to
  5120, about 16.5 times as many" (the order named is A then B, the multiple the later over the
  earlier; ``steps._CHANGE``);
- "翻(了)一倍" is the ratio 2 ("几乎翻了一倍": 几乎 a hedge), to the units place as "两倍" is;
- a difference written with a Chinese multiplier is of that many: "增加了 146 万" is 1,460,000
  (``units.scale``), the difference of "41 万" and "187 万";
- the items a figure is worked out of are those the rest of the line is about, each side of its
  word of time order too ("X 上线后 zk_watch_count 增加了 146 万": ``Items._about``, as for intervals).

With each rule off, its honest claims are refused; a figure the numbers do not give stays refused."""

from __future__ import annotations

from app.domain import derived
from tests.unit.rule_cases import RuleCases, by_language

EN = "2026-05-11T20:13:40Z zk-03: reconnect storm, connections from 310 to 5120 in 1 min; 1460 refused"
ZH = ("2026-05-12 20:02:10 运维日志：赵敏 上线 config-sync v3.4.0（12 个实例）\n"
      "2026-05-12 20:09:30 zk-02（leader）：zk_watch_count 由 41 万升至 187 万\n"
      "2026-05-12 20:13:40 zk-03：客户端重连风暴，1 分钟内连接数由 310 升至 5120\n"
      "2026-05-12 20:20:00 db-bj-15：CPU 使用率 93%，QPS 从 4200 升到 8100")

HONEST = {
    "en-multiple": "zk-03 connections went from 310 to 5120 in 1 min, about 16.5 times as many",
    "zh-multiple": "zk-03 的连接数 1 分钟内由 310 升至 5120，约 16.5 倍",
    "zh-scaled-difference": "zk-02 的 zk_watch_count 由 41 万升至 187 万，增加了 146 万",
    "zh-after-event": "config-sync v3.4.0 上线后 zk-02 的 zk_watch_count 约为之前的 4.6 倍",
    "zh-doubled": "db-bj-15 的 QPS 从 4200 升到 8100，几乎翻了一倍",
}
LIES = {
    "en-wrong-multiple": ("zk-03 connections went from 310 to 5120 in 1 min, about 25 times as many", "about 25"),
    "zh-wrong-multiple": ("zk-03 的连接数 1 分钟内由 310 升至 5120，约 25 倍", "约 25 倍"),
    "zh-earlier-over-later": ("zk-03 的连接数 1 分钟内由 310 升至 5120，约 0.06 倍", "0.06 倍"),
    "zh-wrong-difference": ("zk-02 的 zk_watch_count 由 41 万升至 187 万，增加了 150 万", "150 万"),
    "zh-unscaled-difference": ("zk-02 的 zk_watch_count 由 41 万升至 187 万，增加了 146", "增加了 146"),
    "zh-not-doubled": ("db-bj-15 的 QPS 从 4200 升到 5000，几乎翻了一倍", "5000"),
    "zh-not-tripled": ("db-bj-15 的 QPS 从 4200 升到 8100，翻了三倍", "三倍"),
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)


def test_a_difference_with_a_multiplier_is_of_that_many() -> None:
    [fig] = derived.figures("增加了 146 万")
    assert (fig.written, fig.factor) == ("146", 10000.0)


test_a_figure_of_a_change_is_traced = CASES.honest_traced()
test_a_figure_of_a_change_is_confirmed = CASES.honest_confirmed()
test_a_figure_the_change_does_not_give_is_not_traced = CASES.lies_untraced()
test_a_figure_the_change_does_not_give_is_not_read_as_fact = CASES.lies_not_read_as_fact()
