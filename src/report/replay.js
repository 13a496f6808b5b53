// knight-moves --report: replays each search square by square. Without this script the page
// shows every search's final state, which the markup holds.
"use strict";
(function () {
  const data = JSON.parse(document.getElementById("report-data").textContent);
  const squares = data.files * data.ranks;

  // For each side (forward, backward), 0 unseen, 1 reached, 2 expanded, after `step`
  // expansions and the reaches that follow them, as page.rs's final_state replays them all.
  function stateAt(events, step) {
    const sides = [new Uint8Array(squares), new Uint8Array(squares)];
    let expanded = 0;
    for (const code of events) {
      const isExpand = ((code >> 1) & 3) === 1;
      if (isExpand) {
        if (expanded === step) break;
        expanded += 1;
      }
      const side = sides[code & 1];
      const index = code >> 3;
      side[index] = Math.max(side[index], isExpand ? 2 : 1);
    }
    return sides;
  }

  // The data-state and data-side of a square, as page.rs's look.
  function look(forward, backward) {
    const most = Math.max(forward, backward);
    const state = ["unseen", "frontier", "expanded"][most];
    let side = "";
    if (most > 0) {
      if (forward === most && backward === most) side = "both";
      else if (forward === most) side = "forward";
      else side = "backward";
    }
    return [state, side];
  }

  function drawBoard(svg, search, step) {
    const [forward, backward] = stateAt(search.events, step);
    const rects = svg.querySelectorAll("rect.sq");
    for (let index = 0; index < rects.length; index += 1) {
      const [state, side] = look(forward[index], backward[index]);
      rects[index].setAttribute("data-state", state);
      rects[index].setAttribute("data-side", side);
    }
    for (const text of svg.querySelectorAll("text.order")) {
      text.style.display = Number(text.getAttribute("data-order")) <= step ? "" : "none";
    }
    svg.classList.toggle("finished", step >= search.expansions);
  }

  function setUp(section) {
    const query = data.queries[Number(section.getAttribute("data-query"))];
    const boards = section.querySelectorAll("svg.board");
    const controls = section.querySelector(".controls");
    const slider = controls.querySelector(".slider");
    const at = controls.querySelector(".at");
    const most = Number(slider.max);
    let step = most;
    let timer = null;

    function show(next) {
      step = Math.max(0, Math.min(most, next));
      query.engines.forEach((search, index) => drawBoard(boards[index], search, step));
      slider.value = String(step);
      at.textContent = step + " of " + most;
    }
    function pause() {
      if (timer !== null) clearInterval(timer);
      timer = null;
    }
    function stepOnce() {
      show(step + 1);
      if (step >= most) pause();
    }
    function play() {
      pause();
      if (step >= most) show(0);
      timer = setInterval(stepOnce, 400);
    }
    controls.querySelector(".play").addEventListener("click", play);
    controls.querySelector(".pause").addEventListener("click", pause);
    controls.querySelector(".step").addEventListener("click", () => {
      pause();
      stepOnce();
    });
    slider.addEventListener("input", () => {
      pause();
      show(Number(slider.value));
    });
    controls.hidden = false;
    return { show, stepOnce };
  }

  const replays = Array.from(document.querySelectorAll("section.query"), setUp);
  // #step=N: every query from its start, stepped N times as the Step button steps.
  const asked = /^#step=(\d+)$/.exec(window.location.hash);
  if (asked) {
    for (const replay of replays) {
      replay.show(0);
      for (let n = 0; n < Number(asked[1]); n += 1) replay.stepOnce();
    }
  }
})();
